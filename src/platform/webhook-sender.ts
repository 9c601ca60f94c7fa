import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { ResolvedTarget } from './webhook-target.js'

/** What an attempt sent and what came back, as the delivery log keeps it (bodies cut to LOGGED_BODY_BYTES). */
export interface Exchange {
  requestHeaders: Record<string, string> | null
  requestBody: string | null
  responseHeaders: Record<string, string> | null
  responseBody: string | null
}

export interface AttemptResult extends Exchange {
  statusCode: number | null
  responseTimeMs: number
  error: string | null
  success: boolean
}

/** Nothing was sent (the target was refused before connecting). */
export const NOTHING_SENT: Exchange = { requestHeaders: null, requestBody: null, responseHeaders: null, responseBody: null }

/** Answer bytes read at most (then the connection is dropped). */
const MAX_ANSWER = 64 * 1024
/** Bytes of each body the delivery log keeps: the first 4 KiB. */
export const LOGGED_BODY_BYTES = 4096

/**
 * The first `max` bytes of a body as text a PostgreSQL text column takes: a character cut at the end is dropped
 * and NUL (which text and jsonb refuse) becomes U+FFFD, so a binary answer is logged instead of failing the write.
 */
export function loggedText(bytes: Buffer, max = LOGGED_BODY_BYTES): string {
  let end = Math.min(bytes.length, max)
  // Step back over continuation bytes (10xxxxxx) to the start of a character that may be cut.
  if (end < bytes.length) {
    let start = end
    while (start > 0 && start > end - 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--
    end = start
  }
  return bytes.subarray(0, end).toString('utf8').replaceAll('\u0000', '\uFFFD')
}

/** Header values as one string each (repeated headers joined as HTTP allows: with ", "). */
function flatHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

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
    const sent = { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) }
    let answer: Pick<Exchange, 'responseHeaders' | 'responseBody'> = { responseHeaders: null, responseBody: null }
    const finish = (r: Pick<AttemptResult, 'statusCode' | 'error' | 'success'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ ...r, requestHeaders: sent, requestBody: loggedText(Buffer.from(body)), ...answer, responseTimeMs: elapsed() })
    }
    const options: https.RequestOptions = {
      method: 'POST',
      host: target.address,
      family: target.family,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: sent,
      agent: false,
      ...(isHttps && !net.isIP(hostname) ? { servername: hostname } : {}),
    }
    let req: http.ClientRequest
    try {
      req = (isHttps ? https : http).request(options, (res) => {
        const status = res.statusCode ?? 0
        answer = { responseHeaders: flatHeaders(res.headers), responseBody: null }
        let read = 0
        const kept: Buffer[] = []
        let keptBytes = 0
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          // One byte past the logged size, so that loggedText can tell a cut character from a whole one.
          if (keptBytes <= LOGGED_BODY_BYTES) {
            kept.push(chunk.subarray(0, LOGGED_BODY_BYTES + 1 - keptBytes))
            keptBytes += Math.min(chunk.length, LOGGED_BODY_BYTES + 1 - keptBytes)
          }
          if (read > MAX_ANSWER) res.destroy()
        })
        const settle = () => {
          answer = { ...answer, responseBody: loggedText(Buffer.concat(kept)) }
          finish({ statusCode: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}`, success: status >= 200 && status < 300 })
        }
        res.on('end', settle)
        res.on('close', settle)
        res.on('error', settle)
      })
    } catch (err) {
      resolve({
        statusCode: null,
        responseTimeMs: elapsed(),
        error: err instanceof Error ? err.message.slice(0, 500) : 'request failed',
        success: false,
        ...NOTHING_SENT,
      })
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
