import { createServer, type Server } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ConfigError, type Config } from '../config.js'
import { AppMetrics, UNMATCHED_ROUTE, type Metrics } from '../platform/metrics.js'

/**
 * The request observer the access-log controller calls once per answered request (http/logging.ts). The route label
 * is the route's template, the same string object for every request of a route, never the URL: a request no route
 * matched is UNMATCHED_ROUTE, so no URL a client makes up adds a series.
 */
export function requestObserver(metrics: Metrics): ((request: FastifyRequest, reply: FastifyReply) => void) | undefined {
  if (!metrics.enabled) return undefined
  return (request, reply) => metrics.request(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime)
}

export interface MetricsServer {
  metrics: AppMetrics
  /** The port it listens on. */
  port: number
  close(): Promise<void>
}

/** The metrics listener: GET /metrics answers the registry's text; anything else is a 404. No authentication. */
function metricsServer(metrics: AppMetrics): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at GET /metrics\n')
      return
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    )
  })
}

/**
 * Binds ATRIUM_METRICS_PORT on HOST, or nothing when it is unset. serve() calls it first: a port that is taken
 * fails start-up naming the variable, before the database is opened or anything is written.
 */
export async function startMetrics(config: Config): Promise<MetricsServer | undefined> {
  if (config.metricsPort === undefined) return undefined
  const metrics = new AppMetrics()
  const server = metricsServer(metrics)
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'EADDRINUSE' ? 'is already in use' : `cannot be bound (${err.code ?? err.message})`
      reject(new ConfigError(`ATRIUM_METRICS_PORT: port ${config.metricsPort} on ${config.host} ${why}`))
    })
    server.listen({ host: config.host, port: config.metricsPort }, () => {
      const addr = server.address()
      resolve(typeof addr === 'object' && addr ? addr.port : (config.metricsPort ?? 0))
    })
  })
  return {
    metrics,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
