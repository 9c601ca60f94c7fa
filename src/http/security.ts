import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../config.js'

/** Headers a browser script on an allowed origin may read. */
export const EXPOSED_HEADERS = ['X-Request-Id', 'X-Total-Count', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'ETag']
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** API answers are data, never a page: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none';frame-ancestors 'none'"

/**
 * The security headers of every answer, the same for all of them, so set in one go rather than by a middleware
 * chain per request. What helmet would set for an API: no cross-origin isolation headers (those are for
 * documents; CORS decides who may read the API) and no HSTS (it belongs to whoever terminates TLS). The docs page
 * replaces the CSP with DOCS_CSP.
 */
const SECURITY_HEADERS = {
  'content-security-policy': API_CSP,
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}
/**
 * The docs page (swagger-ui) loads its own scripts, styles and images and fetches the OpenAPI document from
 * this origin; swagger-ui's own recommendation minus `upgrade-insecure-requests` (which breaks plain-http installs).
 */
export const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' https:; " +
  "img-src 'self' data:; font-src 'self' https: data:; object-src 'none'; form-action 'self'; frame-ancestors 'none'"

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret (a new key, a webhook secret): sent with `Cache-Control: no-store`. */
    secret?: boolean
  }
}

/** For a handler that sends a secret outside a `config: { secret: true }` route. */
export const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store')

const EXPOSE_HEADERS = EXPOSED_HEADERS.join(', ')
const ALLOW_METHODS = ALLOWED_METHODS.join(', ')
const ALLOW_HEADERS = ['X-API-Key', 'X-Preview-Token', 'Authorization', 'Content-Type', 'X-Request-Id', 'If-None-Match', 'If-Match'].join(', ')
const PREFLIGHT_MAX_AGE = '600'

/** The `Access-Control-Allow-Origin` value for a request's Origin, or null when CORS does not answer it. */
export function corsOrigin(origins: readonly string[]): (origin: string) => string | null {
  if (origins.includes('*')) return () => '*'
  const allowed = new Set(origins)
  return (origin) => (allowed.has(origin.toLowerCase()) ? origin : null)
}

/**
 * The request id header, security headers, CORS for ATRIUM_CORS_ORIGINS and the `secret` route flag, in one hook
 * registered before authentication and rate limiting, so that a preflight, which carries no credentials, is answered
 * first. CORS is written here rather than by a plugin: most requests (servers, SSR frontends) send no Origin, and this
 * hook then costs them nothing beyond the fixed headers.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const allowOrigin = corsOrigin(config.corsOrigins)
  // A callback hook, not an async one: it runs on every request, and a promise each is measurable there.
  app.addHook('onRequest', (req, reply, done) => {
    // Every answer may differ by Origin, so shared caches must key on it, with or without one in this request.
    void reply.headers(SECURITY_HEADERS).header('x-request-id', req.id).header('vary', 'Origin')
    const origin = req.headers.origin
    if (origin === undefined) {
      done()
      return
    }
    // No credentials are ever sent by cookie, so `*` is answered as `*`; a listed origin is echoed.
    const allow = allowOrigin(origin)
    if (allow !== null) void reply.header('access-control-allow-origin', allow).header('access-control-expose-headers', EXPOSE_HEADERS)
    // A preflight from an allowed origin is 204 even if it omits Access-Control-Request-Method (never a 400). One
    // from an origin that is not allowed (or with CORS off) is a plain 204 without any Access-Control-Allow-* header:
    // the browser refuses, and the caller never meets authentication, rate limits or the 404 handler.
    if (req.method === 'OPTIONS' && (allow !== null || req.headers['access-control-request-method'] !== undefined)) {
      if (allow !== null) {
        void reply
          .header('access-control-allow-methods', ALLOW_METHODS)
          .header('access-control-allow-headers', ALLOW_HEADERS)
          .header('access-control-max-age', PREFLIGHT_MAX_AGE)
      }
      void reply.code(204).header('content-length', '0').send()
      return
    }
    done()
  })

  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.routeOptions.config.secret === true) noStore(reply)
    done(null, payload)
  })
}
