import type { Deps } from './context.js'

/*
 * Per-site content version for response caches (published lists, feed, counts). Every write that changes
 * what a site publishes bumps it after commit; readers put the version into their cache keys, so a cached
 * answer is never served after a write has answered, on any instance (the version lives in the shared cache).
 */
const key = (siteId: string) => `cv:${siteId}`
const TTL_MS = 7 * 24 * 3600 * 1000

/** The site's current content version ("0" when never bumped). */
export async function contentVersion(deps: Deps, siteId: string): Promise<string> {
  try {
    return (await deps.cache.get(key(siteId))) ?? '0'
  } catch {
    // No cache, no cached answers: a unique version makes every read a miss.
    return `miss-${Date.now()}-${Math.random()}`
  }
}

/** Call after a committed write that changes what these sites show. */
export async function bumpContentVersion(deps: Deps, siteIds: Iterable<string>): Promise<void> {
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  await Promise.all(
    [...new Set(siteIds)].map((s) => deps.cache.set(key(s), stamp, TTL_MS).catch((err: unknown) => deps.log.warn({ err }, 'content version bump failed'))),
  )
}
