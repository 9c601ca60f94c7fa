import { parseLsn } from '../db/replicas.js'
import type { Ctx, Deps } from './context.js'

/*
 * Versions of what readers see, kept in the shared cache so every instance agrees. Cached answers put the
 * versions they depend on into their cache keys; mutate() bumps the versions a write changes after commit and
 * before it answers, so no instance serves a stale answer after a write. Three kinds:
 *   site:<id>    everything the site shows (the site record, locales, settings, terms embedded in content);
 *   list:<id>    the site's lists, feeds, counts and similar answers (any record joining, leaving or changing in them);
 *   rec:<handle> one record's own answers, by every handle it is reached by (`blog:<id>`, `blog:slug:<site>:<slug>`).
 * A list answer depends on site + list, a record answer on site + its handle: a write to one post leaves every
 * other post's cached answers alone.
 */
const TTL_MS = 7 * 24 * 3600 * 1000

export const siteVersionKey = (siteId: string) => `site:${siteId}`
export const listVersionKey = (siteId: string) => `list:${siteId}`
export const recordVersionKey = (handle: string) => `rec:${handle}`

const cacheKey = (version: string) => `cv:${version}`

/**
 * A fresh version. With read replicas it starts with the primary's WAL position (`<lsn>~`), taken after the write
 * committed: a cache miss under this version reads a replica only once it has replayed that position
 * (db/replicas.ts), so the answer stored under it is never older than the write.
 */
const newStamp = (lsn?: string) => `${lsn ? `${lsn}~` : ''}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/** The primary's position now, when there are replicas; undefined without, or when the primary cannot say (then misses read the primary). */
async function positionNow(deps: Deps): Promise<string | undefined> {
  return deps.dbh.replicas?.primaryLsn().catch(() => undefined)
}

/**
 * The newest WAL position among versions a read depends on: a replica must have replayed it to serve the read. Null
 * when any of them carries none (set before replicas were configured, or a failed cache): such a read uses the primary.
 */
export function positionOf(versions: readonly string[]): bigint | null {
  let max = 0n
  for (const v of versions) {
    const cut = v.indexOf('~')
    const lsn = cut > 0 ? parseLsn(v.slice(0, cut)) : undefined
    if (lsn === undefined) return null
    if (lsn > max) max = lsn
  }
  return max
}

/**
 * Current versions, in one round trip (Redis pipelines parallel reads). A version that was never bumped, or has
 * expired or been evicted, is set to a fresh stamp (set-if-absent, so every instance adopts the same one): a version
 * is never a constant, so what was remembered under a version before a write can never match again after it, even
 * once the bumped version is gone from the cache (scopes remembered per record, cached answers).
 */
export async function versionsOf(deps: Deps, keys: readonly string[]): Promise<string[]> {
  try {
    // One MGET, whatever the number of keys: a cache hit asks for two or three of them.
    const found = await deps.cache.getMany(keys.map(cacheKey))
    // Every read asks this; almost always every version is there, and then it costs no promise per key.
    if (!found.includes(undefined)) return found as string[]
    // A version nobody holds yet: whatever was written before is at or behind the primary's position now.
    const lsn = await positionNow(deps)
    return await Promise.all(keys.map(async (k, i) => found[i] ?? (await deps.cache.setIfAbsent(cacheKey(k), newStamp(lsn), TTL_MS))))
  } catch {
    // No cache, no cached answers: a unique version makes every read a miss.
    const miss = `miss-${Date.now()}-${Math.random()}`
    return keys.map(() => miss)
  }
}

/**
 * Forgets a version. Always safe: the next read sets a fresh stamp, which matches nothing remembered before. Used for
 * handles that name nothing (an unknown slug): a flood of made-up URLs then leaves no version behind.
 */
export async function forgetVersion(deps: Deps, key: string): Promise<void> {
  await deps.cache.del(cacheKey(key)).catch((err: unknown) => deps.log.warn({ err }, 'content version forget failed'))
}

/** Bumps versions after a committed write. */
export async function bumpVersions(deps: Deps, keys: Iterable<string>): Promise<void> {
  const stamp = newStamp(await positionNow(deps))
  await Promise.all(
    [...new Set(keys)].map((k) => deps.cache.set(cacheKey(k), stamp, TTL_MS).catch((err: unknown) => deps.log.warn({ err }, 'content version bump failed'))),
  )
}

/** The version a site's list answers are cached under (site and list together); changes with every write the site shows. */
export async function contentVersion(deps: Deps, siteId: string): Promise<string> {
  return (await versionsOf(deps, [siteVersionKey(siteId), listVersionKey(siteId)])).join('/')
}

/** Versions already read by a request: one request sees one version of a key, read once (access check, then answer). */
const seen = new WeakMap<Ctx, Map<string, string>>()

/** The versions of `keys` this request has already read (its access check asked them ahead), or undefined. */
export function knownVersions(ctx: Ctx, keys: readonly string[]): string[] | undefined {
  const memo = seen.get(ctx)
  if (!memo) return undefined
  const out: string[] = []
  for (const k of keys) {
    const v = memo.get(k)
    if (v === undefined) return undefined
    out.push(v)
  }
  return out
}

/** versionsOf for a request, remembering what the request has read. */
export async function requestVersions(ctx: Ctx, keys: readonly string[]): Promise<string[]> {
  let memo = seen.get(ctx)
  if (!memo) {
    memo = new Map()
    seen.set(ctx, memo)
  }
  const known = memo
  const missing = keys.filter((k) => !known.has(k))
  if (missing.length > 0) {
    const got = await versionsOf(ctx.deps, missing)
    missing.forEach((k, i) => known.set(k, got[i] as string))
  }
  return keys.map((k) => known.get(k) as string)
}
