import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { ResolvedTarget } from './webhook-target.js'

export interface PinnedResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export type PinnedFailureKind = 'timeout' | 'connection' | 'too_large'

/** The request did not produce a complete answer. The message never contains the request's headers or body. */
export class PinnedRequestError extends Error {
  constructor(
    readonly kind: PinnedFailureKind,
    message: string,
  ) {
    super(message)
  }
}

export interface PinnedRequest {
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  timeoutMs: number
  /** Answer bytes read at most; a longer answer is a failure. */
  maxBytes?: number
}

/**
 * One HTTP request to the pinned address of a checked target (webhook-target.ts resolveTarget): the TLS name and
 * Host header are the URL's, the connection goes to `target.address`. Redirects are not followed (a 3xx is just
 * the answer). The whole exchange must finish within `timeoutMs`.
 */
export function pinnedRequest(target: ResolvedTarget, req: PinnedRequest): Promise<PinnedResponse> {
  const { url } = target
  const isHttps = url.protocol === 'https:'
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const maxBytes = req.maxBytes ?? 4 * 1024 * 1024
  const headers: Record<string, string> = { ...req.headers, host: url.host }
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body))
  return new Promise((resolve, reject) => {
    let done = false
    const fail = (err: PinnedRequestError) => {
      if (done) return
      done = true
      clearTimeout(timer)
      reject(err)
    }
    const options: https.RequestOptions = {
      method: req.method,
      host: target.address,
      family: target.family,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      agent: false,
      ...(isHttps && !net.isIP(hostname) ? { servername: hostname } : {}),
    }
    let request: http.ClientRequest
    try {
      request = (isHttps ? https : http).request(options, (res) => {
        const chunks: Buffer[] = []
        let read = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > maxBytes) {
            res.destroy()
            fail(new PinnedRequestError('too_large', `the answer exceeded ${maxBytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        res.on('end', () => {
          if (done) return
          done = true
          clearTimeout(timer)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        })
        res.on('error', () => fail(new PinnedRequestError('connection', 'the connection broke while reading the answer')))
        res.on('close', () => fail(new PinnedRequestError('connection', 'the connection closed before the answer was complete')))
      })
    } catch {
      reject(new PinnedRequestError('connection', 'the request could not be sent'))
      return
    }
    const timer = setTimeout(() => {
      request.destroy()
      fail(new PinnedRequestError('timeout', `no complete answer within ${req.timeoutMs} ms`))
    }, req.timeoutMs)
    request.on('error', (err: NodeJS.ErrnoException) => fail(new PinnedRequestError('connection', `could not connect (${err.code ?? 'error'})`)))
    request.end(req.body)
  })
}
