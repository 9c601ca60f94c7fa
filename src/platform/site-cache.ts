import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { sites } from '../db/schema/sites.js'
import type { Cache } from './cache/index.js'

const CHANNEL = 'sites:invalidate'

/**
 * Which site ids are live, remembered briefly so the access check on every request needs no query.
 * Deleting a site invalidates here at once and on other instances through the cache channel (Redis),
 * with the TTL as the bound when no shared cache is configured.
 */
export class SiteCache {
  private readonly live = new Map<string, { live: boolean; at: number; analyticsEnabled: boolean }>()

  constructor(
    private readonly db: Db,
    private readonly cache: Cache,
    private readonly ttlMs: number,
  ) {}

  async start(): Promise<void> {
    await this.cache.subscribe(CHANNEL, (id) => this.live.delete(id))
  }

  async isLive(siteId: string): Promise<boolean> {
    return (await this.flags(siteId)) !== undefined
  }

  /**
   * Flags of a live site read on hot paths (pageview ingestion), from the same entry as liveness; undefined when
   * the site is not live. A settings change invalidates the entry (mutate() readers.sites).
   */
  async flags(siteId: string): Promise<{ analyticsEnabled: boolean } | undefined> {
    const hit = this.live.get(siteId)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.live ? { analyticsEnabled: hit.analyticsEnabled } : undefined
    const rows = await this.db
      .select({ id: sites.id, analyticsEnabled: sites.analytics_enabled })
      .from(sites)
      .where(and(eq(sites.id, siteId), isNull(sites.deleted_at)))
      .limit(1)
    const row = rows[0]
    // Only live sites are remembered: a site created on another instance must be reachable at once.
    if (row) {
      if (this.live.size > 100_000) this.live.clear()
      this.live.set(siteId, { live: true, at: Date.now(), analyticsEnabled: row.analyticsEnabled })
      return { analyticsEnabled: row.analyticsEnabled }
    }
    this.live.delete(siteId)
    return undefined
  }

  /** Call after a site is deleted (or restored). */
  async invalidate(siteId: string): Promise<void> {
    this.live.delete(siteId)
    try {
      await this.cache.publish(CHANNEL, siteId)
    } catch {
      // the TTL bounds staleness elsewhere
    }
  }
}
