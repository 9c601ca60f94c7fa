import { statfs } from 'node:fs/promises'
import type { Deps } from '../../core/context.js'
import type { Health, ServiceHealth, StorageHealth } from './schemas.js'

const CHECK_TIMEOUT_MS = 2000
const CACHE_MS = 5000

async function timed(name: string, check: () => Promise<void>): Promise<ServiceHealth> {
  const start = performance.now()
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
    ])
    return { name, status: 'up', latency_ms: Math.round(performance.now() - start), error: null }
  } catch (err) {
    return { name, status: 'down', latency_ms: Math.round(performance.now() - start), error: err instanceof Error ? err.message : 'unreachable' }
  }
}

async function identityProvider(deps: Deps): Promise<ServiceHealth> {
  const url = deps.config.jwksUrl
  if (!url) return { name: 'identity_provider', status: 'disabled', latency_ms: 0, error: null }
  return timed('identity_provider', async () => {
    const res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'error' })
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`)
    await res.arrayBuffer()
  })
}

async function storage(deps: Deps): Promise<StorageHealth> {
  const start = performance.now()
  const provider = deps.config.storage
  if (provider === 's3') {
    // Object stores report no capacity; reachability is checked once the media module owns the client.
    return { name: 'storage', status: 'disabled', latency_ms: 0, provider, total_bytes: null, available_bytes: null, used_percent: null, error: null }
  }
  try {
    const s = await statfs(deps.config.dataDir).catch(() => statfs('.'))
    const total = s.blocks * s.bsize
    const available = s.bavail * s.bsize
    const used = total > 0 ? Math.round(((total - s.bfree * s.bsize) / total) * 10000) / 100 : 0
    return { name: 'storage', status: 'up', latency_ms: Math.round(performance.now() - start), provider, total_bytes: total, available_bytes: available, used_percent: used, error: null }
  } catch (err) {
    return { name: 'storage', status: 'down', latency_ms: Math.round(performance.now() - start), provider, total_bytes: null, available_bytes: null, used_percent: null, error: err instanceof Error ? err.message : 'unavailable' }
  }
}

const memo = new WeakMap<Deps, { at: number; value: Promise<Health> }>()

async function check(deps: Deps): Promise<Health> {
  const [database, cache, idp, store] = await Promise.all([
    timed('database', () => deps.dbh.ping()),
    timed('cache', () => deps.cache.ping()),
    identityProvider(deps),
    storage(deps),
  ])
  const optionalDown = [cache, idp].some((s) => s.status === 'down') || store.status === 'down'
  const status = database.status === 'down' ? 'unhealthy' : optionalDown ? 'degraded' : 'healthy'
  return { status, version: deps.config.version, services: [database, cache, idp], storage: store, checked_at: new Date().toISOString() }
}

/** Health of database, cache, identity provider and storage; cached 5 s so it cannot hammer the backends. */
export function health(deps: Deps): Promise<Health> {
  const hit = memo.get(deps)
  const now = Date.now()
  if (hit && now - hit.at < CACHE_MS) return hit.value
  const value = check(deps)
  memo.set(deps, { at: now, value })
  return value
}

export function publicConfig(deps: Deps) {
  return { idp_publishable_key: deps.config.idpPublishableKey, app_name: deps.config.appName }
}
