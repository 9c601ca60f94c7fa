import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { makeCtx, type Deps } from '../core/context.js'
import { anonymous, type ApiKeyPrincipal, type Principal, type UserPrincipal } from '../core/principal.js'
import type { RecordScope } from '../core/entities.js'
import type { Ctx } from '../core/context.js'
import { digestKey, sha256Hex } from '../platform/crypto.js'
import { countHit, ipBucket } from '../platform/cache/rate-counter.js'
import { effectiveKeyStatus } from '../platform/key-status.js'
import { boundedMap } from '../platform/bounded.js'
import { TokenRejected } from '../platform/jwt.js'
import { accessOf } from './access.js'
import { ApiError, rateLimited } from './errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx
    recordScope?: RecordScope
    authFailure?: ApiError
  }
  interface FastifyContextConfig {
    /** `false` on a public route (the health probes): no rate limit; keyed routes are always limited. */
    rateLimit?: false
  }
}

const KEY_SHAPE = /^[\x21-\x7e]{16,200}$/
const WINDOW_MS = 60_000

/** X-API-Key → Principal, using the digest cache. Returns an ApiError for credentials that do not authenticate. */
/** The request's X-API-Key or bearer token as a principal (anonymous without either), or the 401 it earns. */
export async function authenticate(deps: Deps, req: FastifyRequest): Promise<Principal | ApiError> {
  const header = req.headers['x-api-key']
  const bearer = req.headers.authorization
  if (typeof header === 'string' && header.length > 0) {
    if (!KEY_SHAPE.test(header)) return new ApiError(401, 'UNAUTHENTICATED', 'Unauthenticated', 'Invalid API key')
    const row = await deps.keys.find(digestKey(header))
    if (!row) return new ApiError(401, 'UNAUTHENTICATED', 'Unauthenticated', 'Invalid API key')
    const status = effectiveKeyStatus(row, deps.clock.now())
    if (status !== 'Active') return new ApiError(401, 'UNAUTHENTICATED', 'Unauthenticated', `API key is ${status}`)
    const p: ApiKeyPrincipal = {
      kind: 'api_key',
      keyId: row.id,
      permission: row.permission,
      siteId: row.site_id,
      rateLimitPerMinute: row.rate_limit_per_minute,
      actorId: `api_key:${row.id}`,
    }
    return p
  }
  if (typeof bearer === 'string' && /^bearer\s+/i.test(bearer)) {
    const token = bearer.replace(/^bearer\s+/i, '').trim()
    try {
      const u = await deps.users.authenticate(token)
      const p: UserPrincipal = {
        kind: 'user',
        userId: u.userId,
        idpUserId: u.idpUserId,
        isSystemAdmin: u.isSystemAdmin,
        memberships: u.memberships,
        rateLimitPerMinute: deps.config.defaultKeyRateLimit,
        actorId: `user:${u.userId}`,
      }
      return p
    } catch (err) {
      if (err instanceof TokenRejected) return new ApiError(401, 'UNAUTHENTICATED', 'Unauthenticated', err.message)
      throw err
    }
  }
  return anonymous
}

/**
 * Fixed one-minute window per key (its own limit) or per client IP (unauthenticated calls, including
 * failed authentication: brute-force protection), shared by every instance through the cache.
 * Sets RateLimit-Limit/-Remaining/-Reset; over the limit: 429 RATE_LIMITED with Retry-After.
 */
async function applyRateLimit(deps: Deps, req: FastifyRequest, reply: FastifyReply, p: Principal): Promise<void> {
  const isKey = p.kind === 'api_key' || p.kind === 'user'
  const limit = isKey ? p.rateLimitPerMinute : deps.config.rateLimitPerIp
  const bucket = p.kind === 'api_key' ? `k:${p.keyId}` : p.kind === 'user' ? `u:${p.userId}` : `ip:${ipBucket(req.ip)}`
  const windowStart = Math.floor(Date.now() / WINDOW_MS)
  const { count } = await countHit(deps.cache, `rl:${bucket}:${windowStart}`, WINDOW_MS + 1000, (err) =>
    req.log.warn({ err }, 'shared rate-limit counters unavailable: counting per instance'),
  )
  const resetS = Math.max(1, Math.ceil(((windowStart + 1) * WINDOW_MS - Date.now()) / 1000))
  void reply.headers({
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, limit - count)),
    'ratelimit-reset': String(resetS),
  })
  if (count > limit) throw rateLimited(resetS)
}

const DAY_MS = 86_400_000
let ipSalt = sha256Hex(`${process.pid}:${Date.now()}:${Math.random()}`)
let saltDay = Math.floor(Date.now() / DAY_MS)
/** Hashes of the current salt by address: a frontend's few addresses send most requests (one SHA-256 each saved). */
export const IP_HASH_BOUNDS = { maxEntries: 10_000, maxBytes: 2 * 1024 * 1024 }
const ipHashes = boundedMap<string>(IP_HASH_BOUNDS, (h) => h.length)
/** The remembered hashes and their bytes (tests). */
export const ipHashCacheSize = () => ({ entries: ipHashes.size, bytes: ipHashes.calculatedSize })
/**
 * Salted so usage records cannot be turned back into addresses by hashing the IPv4 space. The salt is this process's
 * and changes at every UTC midnight (the old one is forgotten), as the analytics visitor hash's does (README
 * "Analytics"): one address's requests can be told apart within a day, not followed across days.
 */
export function hashIp(ip: string | undefined, now = Date.now()): string {
  // A client that has already gone has no address (req.ip is undefined); its usage still counts, as one bucket (cf. ipBucket).
  ip ??= 'unknown'
  const day = Math.floor(now / DAY_MS)
  if (day !== saltDay) {
    saltDay = day
    rotateIpSalt()
  }
  let h = ipHashes.get(ip)
  if (h === undefined) {
    h = sha256Hex(`${ipSalt}|${ip}`)
    ipHashes.set(ip, h)
  }
  return h
}
export function rotateIpSalt(): void {
  ipSalt = sha256Hex(`${ipSalt}:${Math.random()}`)
  ipHashes.clear()
}

/** onRequest: principal, per-key/per-IP rate limit; onResponse: usage record. */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('ctx', null as unknown as Ctx)
  // The request id header is set by http/security.ts, the first hook of all.
  app.addHook('onRequest', async (req, reply) => {
    const access = accessOf(req)
    let principal: Principal = anonymous
    if (access && access.kind !== 'public') {
      const res = await authenticate(deps, req)
      if (res instanceof ApiError) req.authFailure = res
      else principal = res
    }
    req.ctx = makeCtx(deps, principal, req.id, req.log)
    if (access?.kind !== 'public' || req.routeOptions.config.rateLimit !== false) await applyRateLimit(deps, req, reply, principal)
    if (req.authFailure) throw req.authFailure
  })
  app.addHook('onResponse', (req, reply, done) => {
    const p = req.ctx?.principal
    if (p?.kind === 'api_key') {
      const q = req.url.indexOf('?')
      deps.usage.record({
        api_key_id: p.keyId,
        method: req.method,
        path: q < 0 ? req.url : req.url.slice(0, q),
        status_code: reply.statusCode,
        ip_hash: hashIp(req.ip),
        created_at: new Date(),
      })
    }
    done()
  })
}
