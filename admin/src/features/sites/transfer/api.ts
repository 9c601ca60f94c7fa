import { AtriumError, errorFromResponse, type Schemas } from '@atrium-cms/client'
import { api, rawRequestAuth, reportUnauthorized } from '../../../shared/api/client'
import { fileNameOf, saveAsFile } from '../../../shared/api/download'

export type ImportReport = Schemas['SiteImportReport']

/**
 * POST /sites/{site_id}/export read as a stream, so the screen can count the bytes as they come (the archive is
 * written while it is sent: no length is known up front). The bytes are handed to the browser as one file once the
 * archive is complete; a connection that ends early never leaves a truncated file behind.
 */
export async function downloadExport(siteId: string, fallbackName: string, onProgress: (bytes: number) => void, signal: AbortSignal) {
  const r = await api().POST('/api/v1/sites/{site_id}/export', { params: { path: { site_id: siteId } }, parseAs: 'stream', cache: 'no-store', signal })
  const stream = r.data as unknown as ReadableStream<Uint8Array> | null
  if (!stream) throw new AtriumError({ status: 0, problem: { title: 'Network error', detail: 'The archive did not arrive' } })
  const reader = stream.getReader()
  const parts: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    bytes += value.byteLength
    onProgress(bytes)
  }
  const name = fileNameOf(r.response.headers.get('content-disposition'), fallbackName)
  saveAsFile(new Blob(parts as BlobPart[], { type: 'application/gzip' }), name, 60_000)
  return { name, bytes }
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

export interface ImportOptions {
  file: Blob
  /** The new site's slug; empty: the archived one. */
  as: string
  dryRun: boolean
  /** Bytes sent so far; `done` once the whole archive is up and the server is checking or writing it. */
  onProgress: (sent: number, done: boolean) => void
  signal: AbortSignal
}

/**
 * POST /sites/import with upload progress: the typed client (fetch) has none, so this one request is an
 * XMLHttpRequest with the client's base URL and credential (shared/api/client.ts rawRequestAuth); failures come out
 * as the client's AtriumError, so the screen shows them like any other call's.
 */
export function importArchive(o: ImportOptions): Promise<ImportReport> {
  const { baseUrl, headers } = rawRequestAuth()
  const query = new URLSearchParams({ dry_run: String(o.dryRun) })
  if (o.as !== '') query.set('as', o.as)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${baseUrl}/api/v1/sites/import?${query.toString()}`)
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
    xhr.setRequestHeader('content-type', 'application/gzip')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (e) => o.onProgress(e.loaded, false)
    xhr.upload.onload = () => o.onProgress(o.file.size, true)
    xhr.onerror = () => reject(networkError('The archive did not reach the server'))
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'))
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportReport)
        } catch {
          reject(networkError('The answer was not readable'))
        }
        return
      }
      if (xhr.status === 401) reportUnauthorized()
      void errorFromResponse(new Response(xhr.responseText, { status: xhr.status, headers: headersOf(xhr) })).then(reject)
    }
    o.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(o.file)
  })
}
