import { AtriumError, errorFromResponse } from '@atrium-cms/client'
import { rawRequestAuth, reportUnauthorized } from './client'

/*
 * A request body sent with upload progress. The typed client (openapi-fetch over fetch) has no upload progress, and
 * fetch with a streamed request body needs HTTP/2 and duplex streams, which a plain-HTTP Atrium does not offer; so
 * these requests (media upload and replace, site import) are an XMLHttpRequest, with the same base URL and credential
 * as the client (client.ts rawRequestAuth). Errors come out as the client's AtriumError (built by the client
 * package's own errorFromResponse), so forms treat them like any other call's.
 */

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

export const networkError = (detail: string) => new AtriumError({ status: 0, problem: { title: 'Network error', detail } })

export interface SendOptions {
  method: 'POST' | 'PUT'
  /** The path below the base URL, query included. */
  path: string
  body: XMLHttpRequestBodyInit
  headers?: Record<string, string>
  /** Bytes sent so far. */
  onProgress?: ((loaded: number) => void) | undefined
  /** The whole body is up; the server is now reading or writing it. */
  onSent?: (() => void) | undefined
  signal?: AbortSignal | undefined
  /** What the failures say: the request never arrived, and it was cancelled. */
  unreachable: string
  cancelled: string
}

/** One request with upload progress; resolves with the status and parsed body of a 200 or 201. */
export function sendWithProgress<T>(o: SendOptions): Promise<{ status: number; body: T }> {
  const { baseUrl, headers } = rawRequestAuth()
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(o.method, `${baseUrl}${o.path}`)
    for (const [k, v] of Object.entries({ ...headers, ...o.headers })) xhr.setRequestHeader(k, v)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (e) => o.onProgress?.(e.loaded)
    if (o.onSent) xhr.upload.onload = o.onSent
    xhr.onerror = () => reject(networkError(o.unreachable))
    xhr.onabort = () => reject(new DOMException(o.cancelled, 'AbortError'))
    xhr.ontimeout = () => reject(networkError('The upload timed out'))
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as T })
        } catch {
          reject(networkError('The answer was not readable'))
        }
        return
      }
      if (xhr.status === 401) reportUnauthorized()
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: headersOf(xhr) })
      void errorFromResponse(response).then(reject)
    }
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(o.body)
  })
}
