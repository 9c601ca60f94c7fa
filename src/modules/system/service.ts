import { statfs } from 'node:fs/promises'
import type { Deps } from '../../core/context.js'
import { migrationStatus } from '../../db/migrate.js'
import type { Health, Readiness, ServiceHealth, StorageHealth } from './schemas.js'

const CHECK_TIMEOUT_MS = 2000
const CACHE_MS = 5000

/** A failure whose message is written for the public health report. */
class CheckFailed extends Error {}

/**
 * /health is public: a reason names the kind of failure, never a host, port, user or driver detail
 * (those go to the log).
 */
function publicReason(err: unknown): string {
  if (err instanceof CheckFailed) return err.message
  // fetch and the drivers put the socket error in `cause`.
  let text = ''
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    text += ` ${typeof code === 'string' ? code : ''} ${e instanceof Error ? e.message : typeof e === 'string' ? e : ''}`
  }
  if (/ECONNREFUSED/.test(text)) return 'connection refused'
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return 'host not found'
  if (/ETIMEDOUT|timed? ?out/i.test(text)) return 'timed out'
  if (/ECONNRESET|EPIPE|terminated/i.test(text)) return 'connection lost'
  if (/closed/i.test(text)) return 'connection closed'
  return 'unavailable'
}

async function timed(deps: Deps, name: string, check: () => Promise<void>): Promise<ServiceHealth> {
  const start = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckFailed(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
      }),
    ])
    return { name, status: 'up', latency_ms: Math.round(performance.now() - start), error: null }
  } catch (err) {
    deps.log.warn({ err, service: name }, 'health check failed')
    return { name, status: 'down', latency_ms: Math.round(performance.now() - start), error: publicReason(err) }
  } finally {
    clearTimeout(timer)
  }
}

async function identityProvider(deps: Deps): Promise<ServiceHealth> {
  const url = deps.config.jwksUrl
  if (!url) return { name: 'identity_provider', status: 'disabled', latency_ms: 0, error: null }
  return timed(deps, 'identity_provider', async () => {
    const res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'error' })
    if (!res.ok) throw new CheckFailed(`JWKS endpoint answered ${res.status}`)
    const body = (await res.json().catch(() => undefined)) as { keys?: unknown } | undefined
    if (!Array.isArray(body?.keys)) throw new CheckFailed('JWKS endpoint did not answer a key set')
  })
}

async function storage(deps: Deps): Promise<StorageHealth> {
  const start = performance.now()
  const provider = deps.config.storage
  const unknown = { total_bytes: null, available_bytes: null, used_percent: null }
  const answer = (status: 'up' | 'down', capacity: Pick<StorageHealth, keyof typeof unknown>, error: string | null): StorageHealth => ({
    name: 'storage',
    status,
    latency_ms: Math.round(performance.now() - start),
    provider,
    ...capacity,
    error,
  })
  try {
    // Object stores report no capacity: reachability of the bucket (HeadBucket) only.
    if (provider === 's3') {
      await deps.storage.check?.()
      return answer('up', unknown, null)
    }
    const s = await statfs(deps.config.dataDir).catch(() => statfs('.'))
    const total = s.blocks * s.bsize
    const used = total > 0 ? Math.round(((total - s.bfree * s.bsize) / total) * 10000) / 100 : 0
    return answer('up', { total_bytes: total, available_bytes: s.bavail * s.bsize, used_percent: used }, null)
  } catch (err) {
    deps.log.warn({ err, service: 'storage' }, 'health check failed')
    return answer('down', unknown, publicReason(err))
  }
}

/** `check` run at most once per `ms` for one instance: callers within the window share its answer. */
function sharedFor<T>(ms: number, check: (deps: Deps) => Promise<T>): (deps: Deps) => Promise<T> {
  const memo = new WeakMap<Deps, { at: number; value: Promise<T> }>()
  return (deps) => {
    const hit = memo.get(deps)
    const now = Date.now()
    if (hit && now - hit.at < ms) return hit.value
    const value = check(deps)
    memo.set(deps, { at: now, value })
    return value
  }
}

async function check(deps: Deps): Promise<Health> {
  const [database, cache, idp, store] = await Promise.all([
    timed(deps, 'database', () => deps.dbh.ping()),
    timed(deps, 'cache', () => deps.cache.ping()),
    identityProvider(deps),
    storage(deps),
  ])
  // The replica set polls its replicas all the time: their state costs no query here.
  const replicas = (deps.dbh.replicas?.status() ?? []).map((r) => ({ ...r, lag_ms: r.lag_ms === null ? null : Math.round(r.lag_ms) }))
  const optionalDown = [cache, idp].some((s) => s.status === 'down') || store.status === 'down' || replicas.some((r) => r.status === 'down')
  const status = database.status === 'down' ? 'unhealthy' : optionalDown ? 'degraded' : 'healthy'
  return { status, version: deps.config.version, services: [database, cache, idp], storage: store, replicas, checked_at: new Date().toISOString() }
}

/** Health of database, cache, identity provider and storage; cached 5 s so it cannot hammer the backends. */
export const health: (deps: Deps) => Promise<Health> = sharedFor(CACHE_MS, check)

const READY_MEMO_MS = 1000
/** Instances whose migrations were all applied once: they stay applied, so later probes only ping. */
const migrated = new WeakSet<Deps>()

async function checkReady(deps: Deps): Promise<Readiness> {
  const db = await timed(deps, 'database', () => deps.dbh.ping())
  if (db.status !== 'up') return { status: 'not_ready', reason: `database ${db.error ?? 'unavailable'}` }
  if (!migrated.has(deps)) {
    try {
      const pending = (await migrationStatus(deps.dbh.db)).filter((m) => m.applied_at === null).length
      if (pending > 0) return { status: 'not_ready', reason: `${pending} migration${pending === 1 ? '' : 's'} pending` }
    } catch (err) {
      deps.log.warn({ err }, 'readiness: reading the applied migrations failed')
      return { status: 'not_ready', reason: 'database unavailable' }
    }
    migrated.add(deps)
  }
  return { status: 'ready', reason: null }
}

/**
 * Readiness: the database answers and every committed migration is applied. Probes come every few seconds from
 * every orchestrator, unauthenticated and without rate limit: concurrent and repeated ones within a second share one check.
 */
export const readiness: (deps: Deps) => Promise<Readiness> = sharedFor(READY_MEMO_MS, checkReady)

/** The scopes the admin asks the identity provider for (an ID token with a name and an e-mail to show). */
export const OIDC_SCOPES = ['openid', 'profile', 'email']

export function publicConfig(deps: Deps) {
  const { config } = deps
  return {
    idp_publishable_key: config.idpPublishableKey,
    app_name: config.appName,
    oidc: config.jwtIssuer && config.oidcClientId ? { issuer: config.jwtIssuer, client_id: config.oidcClientId, scopes: OIDC_SCOPES } : null,
    admin_url: config.admin ? `${config.publicUrl}/admin/` : null,
  }
}
