import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { apiKeys, type ApiKeyRow } from '../db/schema/api-keys.js'
import type { Cache } from './cache/index.js'
import type { Bounds } from './bounded.js'
import { digestsEqual } from './crypto.js'
import { InvalidatedCache } from './invalidated-cache.js'

const CHANNEL = 'api-keys:invalidate'

interface Cached {
  row: ApiKeyRow | undefined
  fetchedAt: number
}

/** Keys in use at once: one per frontend and tool, so 50,000 is far beyond any deployment; a row is about 600 bytes. */
export const KEY_STORE_BOUNDS: Bounds = { maxEntries: 50_000, maxBytes: 64 * 1024 * 1024 }

/**
 * API keys by digest, remembered for at most ttlMs so the hot path makes no database round trip.
 * A change on this instance invalidates at once; other instances hear it over the cache channel
 * (Redis) and, failing that, the TTL (≤ 5 s) bounds how long a blocked key can still pass.
 */
export class KeyStore extends InvalidatedCache<ApiKeyRow | undefined, Cached> {
  constructor(db: Db, cache: Cache, ttlMs: number, now?: () => number, bounds: Bounds = KEY_STORE_BOUNDS) {
    super({ db, cache, channel: CHANNEL, ttlMs, now, bounds, sizeOf: (c) => (c.row ? JSON.stringify(c.row).length : 0) })
  }

  /** The key row with this digest (fresh within the TTL), or undefined for an unknown key. */
  find(digest: string): Promise<ApiKeyRow | undefined> {
    const hit = this.entries.get(digest)
    if (hit && this.now() - hit.fetchedAt < this.ttlMs) return Promise.resolve(hit.row)
    return this.lookup(digest)
  }

  protected async load(digest: string, generation: number): Promise<ApiKeyRow | undefined> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.key_digest, digest)).limit(1)
    // Look up by digest, then compare in constant time, so timing tells nothing about a near miss.
    const row = rows[0] && digestsEqual(rows[0].key_digest, digest) ? rows[0] : undefined
    // Unknown digests are not remembered: a key created elsewhere must work at once. A row read while
    // an invalidation arrived may predate the change: answer it to this caller, but do not keep it.
    if (row && generation === this.generation) this.entries.set(digest, { row, fetchedAt: this.now() })
    return row
  }

  /** `id` is the key's id, not its digest: every lookup in flight may be reading it. */
  protected dropLocal(id: string): void {
    this.inflight.clear()
    const gone: string[] = []
    for (const [digest, c] of this.entries.entries()) if (c.row?.id === id) gone.push(digest)
    for (const digest of gone) this.entries.delete(digest)
  }
}
