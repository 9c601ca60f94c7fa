import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { ApiError, problemBody } from './errors.js'
import { API_CSP } from './security.js'

/** The request line alone past this many bytes: the URL is what is too long (414), not the headers (431). */
const LONG_REQUEST_LINE = 8 * 1024

/** What a request the HTTP parser refused (or that stalled) is answered with. */
function classify(err: Error & { code?: string; rawPacket?: unknown }): ApiError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'REQUEST_TIMEOUT', 'Request timeout', 'The request headers or body did not arrive in time')
    case 'HPE_HEADER_OVERFLOW': {
      const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined
      const lineEnd = packet?.indexOf('\r\n') ?? -1
      return lineEnd < 0 || lineEnd > LONG_REQUEST_LINE
        ? new ApiError(414, 'URI_TOO_LONG', 'URI too long', 'The request line exceeds the allowed size')
        : new ApiError(431, 'HEADERS_TOO_LARGE', 'Request header fields too large', 'The request headers exceed the allowed size (16 KiB)')
    }
    default:
      return new ApiError(400, 'VALIDATION_FAILED', 'Malformed request', 'The request is not valid HTTP/1.1')
  }
}

type ParserSocket = Socket & { _httpMessage?: { headersSent?: boolean } }

/**
 * Fastify `clientErrorHandler`: errors raised by Node's HTTP parser before any request exists (a NUL byte in
 * the path, conflicting Content-Length, an over-long URL, a malformed request line) and request/header
 * timeouts. Answered as problem+json with a fresh X-Request-Id, written straight to the socket, then closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const api = classify(err)
  const id = randomUUID()
  const fields = { reqId: id, code: err.code, status: api.status }
  if (api.status === 408) this.log.info(fields, 'request timed out')
  else this.log.debug(fields, 'malformed request refused by the HTTP parser')
  // An answer already under way cannot be replaced; the connection is simply closed.
  if (!socket.writable || (socket as ParserSocket)._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  const body = JSON.stringify(problemBody(api))
  const head = [
    `HTTP/1.1 ${api.status} ${STATUS_CODES[api.status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'X-Content-Type-Options: nosniff',
    `Content-Security-Policy: ${API_CSP}`,
    'Referrer-Policy: no-referrer',
    'Cache-Control: no-store',
    'Connection: close',
  ]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}

/** Fastify server options: a stalled upload or a slow-loris client is cut off (408); idle keep-alive connections do not pile up. */
export function connectionOptions(config: Config) {
  return {
    clientErrorHandler,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks both timeouts only this often (30 s by default), which would make them up to 30 s late.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
    },
  }
}
