import { AtriumError, errorFromResponse, type Schemas } from '@atrium-cms/client'
import { rawRequestAuth, reportUnauthorized } from '../../../shared/api/client'

/*
 * POST /media/upload with upload progress. The typed client (openapi-fetch over fetch) has no upload progress, and
 * fetch with a streamed request body needs HTTP/2 and duplex streams, which a plain-HTTP Atrium does not offer; so
 * this one request is an XMLHttpRequest, with the same base URL and credential as the client
 * (shared/api/client.ts rawRequestAuth). Errors come out as the client's AtriumError (built by the client package's
 * own errorFromResponse), so forms treat them like any other call's.
 *
 * The form fields go before the file: the server reads `site_ids` (and so the size limit) before the bytes. A file's
 * replacement (PUT /media/{id}/file) goes the same way.
 */

export type Media = Schemas['Media']

export interface UploadOptions {
  siteId: string
  folderId?: string | undefined
  file: Blob
  fileName: string
  onProgress?: (loaded: number) => void
  signal?: AbortSignal
}

export interface UploadAnswer {
  media: Media
  /** false: the site already had these bytes (200 with the existing record) */
  created: boolean
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const h = new Headers()
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':')
    if (at > 0) h.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
  }
  return h
}

const networkError = (detail: string) => new AtriumError({ status: 0, problem: { title: 'Network error', detail } })

/** One multipart request with upload progress; resolves with the status and parsed record of a 200 or 201. */
function sendForm(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  o: { onProgress?: ((loaded: number) => void) | undefined; signal?: AbortSignal | undefined; headers?: Record<string, string> },
): Promise<{ status: number; media: Media }> {
  const { baseUrl, headers } = rawRequestAuth()
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, `${baseUrl}${path}`)
    for (const [k, v] of Object.entries({ ...headers, ...o.headers })) xhr.setRequestHeader(k, v)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (e) => o.onProgress?.(e.loaded)
    xhr.onerror = () => reject(networkError('The upload did not reach the server'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    xhr.ontimeout = () => reject(networkError('The upload timed out'))
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: headersOf(xhr) })
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          resolve({ status: xhr.status, media: JSON.parse(xhr.responseText) as Media })
        } catch {
          reject(networkError('The answer was not readable'))
        }
        return
      }
      if (xhr.status === 401) reportUnauthorized()
      void errorFromResponse(response).then(reject)
    }
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

export async function uploadMedia(o: UploadOptions): Promise<UploadAnswer> {
  const form = new FormData()
  form.append('site_ids', JSON.stringify([o.siteId]))
  if (o.folderId) form.append('folder_id', o.folderId)
  form.append('file', o.file, o.fileName)
  const { status, media } = await sendForm('POST', '/api/v1/media/upload', form, o)
  return { media, created: status === 201 }
}

export interface ReplaceOptions {
  mediaId: string
  file: Blob
  fileName: string
  /** The record's ETag as the editor saw it (If-Match): a change made elsewhere meanwhile is a 412, not overwritten. */
  ifMatch: string | undefined
  onProgress?: (loaded: number) => void
  signal?: AbortSignal
}

/** PUT /media/{id}/file with progress: the record keeps its id, folder, texts and uses; it answers the record. */
export async function replaceMediaFile(o: ReplaceOptions): Promise<Media> {
  const form = new FormData()
  form.append('file', o.file, o.fileName)
  const path = `/api/v1/media/${encodeURIComponent(o.mediaId)}/file`
  return (await sendForm('PUT', path, form, { ...o, headers: o.ifMatch ? { 'if-match': o.ifMatch } : {} })).media
}
