import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { ResolvedTarget } from './webhook-target.js'

export interface AttemptResult {
  statusCode: number | null
  responseTimeMs: number
  error: string | null
  success: boolean
}

/** Answer bytes read at most (then the connection is dropped): receivers' answers are not kept. */
const MAX_ANSWER = 64 * 1024

/**
 * One POST to the pinned address of a checked target: the TLS name and Host header are the URL's, the
 * connection goes to `target.address`. Redirects are not followed (a 3xx is a failed attempt). The whole
 * attempt (connect, send, answer) must finish within `timeoutMs`. Never throws.
 */
export function postOnce(target: ResolvedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const { url } = target
  const isHttps = url.protocol === 'https:'
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve) => {
    let done = false
    const finish = (r: Omit<AttemptResult, 'responseTimeMs'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ ...r, responseTimeMs: elapsed() })
    }
    const options: https.RequestOptions = {
      method: 'POST',
      host: target.address,
      family: target.family,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      ...(isHttps && !net.isIP(hostname) ? { servername: hostname } : {}),
    }
    let req: http.ClientRequest
    try {
      req = (isHttps ? https : http).request(options, (res) => {
        const status = res.statusCode ?? 0
        let read = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER) res.destroy()
        })
        const settle = () =>
          finish({ statusCode: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}`, success: status >= 200 && status < 300 })
        res.on('end', settle)
        res.on('close', settle)
        res.on('error', settle)
      })
    } catch (err) {
      resolve({ statusCode: null, responseTimeMs: elapsed(), error: err instanceof Error ? err.message.slice(0, 500) : 'request failed', success: false })
      return
    }
    const timer = setTimeout(() => {
      req.destroy()
      finish({ statusCode: null, error: `timed out after ${timeoutMs} ms`, success: false })
    }, timeoutMs)
    req.on('error', (err) => finish({ statusCode: null, error: err.message.slice(0, 500), success: false }))
    req.end(body)
  })
}
