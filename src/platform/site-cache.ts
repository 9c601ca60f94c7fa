import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { sites } from '../db/schema/sites.js'
import type { Cache } from './cache/index.js'
import type { Bounds } from './bounded.js'
import { InvalidatedCache } from './invalidated-cache.js'

const CHANNEL = 'sites:invalidate'

interface Flags {
  analyticsEnabled: boolean
}

interface Entry extends Flags {
  at: number
}

/** Live sites remembered: 100,000 sites at about 130 bytes each (id key, entry, overhead). */
export const SITE_CACHE_BOUNDS: Bounds = { maxEntries: 100_000, maxBytes: 16 * 1024 * 1024 }

/**
 * Which site ids are live, remembered briefly so the access check on every request needs no query.
 * Deleting a site invalidates here at once and on other instances through the cache channel (Redis),
 * with the TTL as the bound when no shared cache is configured.
 *
 * Every request of a site reads this entry, so its expiry must not stall them: concurrent lookups share one
 * query, and an entry past half its TTL is still answered while one query in the background renews it (an
 * answer is never older than the TTL either way).
 */
export class SiteCache extends InvalidatedCache<Flags | undefined, Entry> {
  constructor(db: Db, cache: Cache, ttlMs: number, now?: () => number, bounds: Bounds = SITE_CACHE_BOUNDS) {
    super({ db, cache, channel: CHANNEL, ttlMs, now, bounds, sizeOf: () => 16 })
  }

  async isLive(siteId: string): Promise<boolean> {
    return (await this.flags(siteId)) !== undefined
  }

  /**
   * True when the site is known live without waiting (a fresh entry), undefined when isLive must look it up: the
   * access check of every request asks this first, and most of them then cost no promise.
   */
  knownLive(siteId: string): true | undefined {
    return this.fresh(siteId) ? true : undefined
  }

  /**
   * Flags of a live site read on hot paths (pageview ingestion), from the same entry as liveness; undefined when
   * the site is not live. A settings change invalidates the entry (mutate() readers.sites).
   */
  flags(siteId: string): Promise<Flags | undefined> {
    const hit = this.fresh(siteId)
    if (hit) return Promise.resolve({ analyticsEnabled: hit.analyticsEnabled })
    return this.lookup(siteId)
  }

  /** The entry while it is younger than the TTL; past half of it, renewed once in the background. */
  private fresh(siteId: string): Entry | undefined {
    const hit = this.entries.get(siteId)
    if (!hit) return undefined
    const age = this.now() - hit.at
    if (age >= this.ttlMs) return undefined
    if (age >= this.ttlMs / 2 && !this.inflight.has(siteId)) void this.shared(siteId).catch(() => undefined)
    return hit
  }

  protected async load(siteId: string, generation: number): Promise<Flags | undefined> {
    const rows = await this.db
      .select({ id: sites.id, analyticsEnabled: sites.analytics_enabled })
      .from(sites)
      .where(and(eq(sites.id, siteId), isNull(sites.deleted_at)))
      .limit(1)
    const row = rows[0]
    // A row read while an invalidation arrived may predate the change: answer it to this caller, but do not keep it.
    if (generation !== this.generation) return row && { analyticsEnabled: row.analyticsEnabled }
    // Only live sites are remembered: a site created on another instance must be reachable at once.
    if (row) {
      this.entries.set(siteId, { at: this.now(), analyticsEnabled: row.analyticsEnabled })
      return { analyticsEnabled: row.analyticsEnabled }
    }
    this.entries.delete(siteId)
    return undefined
  }

  protected dropLocal(siteId: string): void {
    this.inflight.delete(siteId)
    this.entries.delete(siteId)
  }
}
