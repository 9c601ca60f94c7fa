import { randomUUID } from 'node:crypto'
import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Config } from '../config.js'
import { ApiError, problemBody } from './errors.js'
import { API_CSP } from './security.js'

/** The port is taken (or may not be used): start-up stops before anything is written. */
export class PortUnavailableError extends Error {}

/** The probe paths, answered by the bound port before the app exists (the app declares the same routes). */
export const LIVE_PATH = '/api/v1/health/live'
export const READY_PATH = '/api/v1/health/ready'

/**
 * A port bound at the very start of `serve`, before the database is opened. Until `open()` it answers every request
 * itself: liveness 200, everything else (readiness included) 503 with Retry-After. `serverFactory` hands the same
 * server to Fastify, whose handler takes over at `open()`.
 */
export interface BoundPort {
  server: Server
  /** `host:port` actually bound (PORT=0 picks a free one). */
  address: string
  port: number
  /** For Fastify's `serverFactory` option: keeps Fastify's handler until open(). */
  serverFactory: (handler: RequestListener) => Server
  /** From now on the app answers. */
  open(): void
  /** Stops accepting, closes idle connections, resolves once every connection is gone. */
  close(): Promise<void>
}

const STARTING = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', 'Atrium is starting: the database is not ready yet; retry shortly')

/** While the database is opened and migrated: the process is live, nothing else is ready. */
function starting(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0]?.replace(/\/+$/, '')
  const headers = {
    'x-request-id': randomUUID(),
    'x-content-type-options': 'nosniff',
    'content-security-policy': API_CSP,
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  }
  let status = 503
  let body: object = problemBody(STARTING)
  let type = 'application/problem+json; charset=utf-8'
  if (path === LIVE_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    status = 200
    body = { status: 'ok' }
    type = 'application/json; charset=utf-8'
  } else if (path === READY_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    body = { status: 'not_ready', reason: 'starting' }
    type = 'application/json; charset=utf-8'
  }
  const text = JSON.stringify(body)
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(text), ...(status === 503 ? { 'retry-after': '1' } : {}) })
  res.end(req.method === 'HEAD' ? undefined : text)
  // The request body (if any) is not read: drain it so that the connection can be reused.
  req.resume()
}

/**
 * Binds host:port with the connection limits Fastify would set (config.ts timeouts), or fails with a message that
 * says what to do. Called first of all, so that a busy port costs nothing: no data directory, no migration, no key.
 */
export async function bindPort(config: Config, port: number, what = 'PORT'): Promise<BoundPort> {
  let handler: RequestListener = starting
  let appHandler: RequestListener | undefined
  const headersTimeout = config.headersTimeoutMs
  const server = http.createServer(
    { headersTimeout, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))) },
    (req, res) => handler(req, res),
  )
  server.keepAliveTimeout = config.keepAliveTimeoutMs
  server.setTimeout(config.connectionTimeoutMs)
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.removeListener('listening', onListening)
      const where = `${config.host}:${port}`
      if (err.code === 'EADDRINUSE')
        reject(
          new PortUnavailableError(`${what} ${port} is already in use on ${config.host} (${where}): stop the process using it, or set ${what} to another port`),
        )
      else if (err.code === 'EACCES')
        reject(new PortUnavailableError(`${what} ${port} may not be used by this user on ${config.host}: choose a port above 1023`))
      else if (err.code === 'EADDRNOTAVAIL') reject(new PortUnavailableError(`HOST ${config.host} is not an address of this machine`))
      else reject(err)
    }
    const onListening = () => {
      server.removeListener('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen({ host: config.host, port })
  })
  const addr = server.address() as AddressInfo
  return {
    server,
    address: `${addr.address.includes(':') ? `[${addr.address}]` : addr.address}:${addr.port}`,
    port: addr.port,
    serverFactory: (h) => {
      appHandler = h
      return server
    },
    open: () => {
      if (!appHandler) throw new Error('open() before the app was built on this port')
      handler = appHandler
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
  }
}
