import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { apiKeys, type ApiKeyRow } from '../db/schema/api-keys.js'
import type { Cache } from './cache/index.js'

const CHANNEL = 'api-keys:invalidate'

interface Cached {
  row: ApiKeyRow | undefined
  fetchedAt: number
}

/**
 * API keys by digest, remembered for at most ttlMs so the hot path makes no database round trip.
 * A change on this instance invalidates at once; other instances hear it over the cache channel
 * (Redis) and, failing that, the TTL (≤ 5 s) bounds how long a blocked key can still pass.
 */
export class KeyStore {
  private readonly byDigest = new Map<string, Cached>()
  private readonly inflight = new Map<string, Promise<ApiKeyRow | undefined>>()

  constructor(
    private readonly db: Db,
    private readonly cache: Cache,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    await this.cache.subscribe(CHANNEL, (id) => this.dropLocal(id))
  }

  async find(digest: string): Promise<ApiKeyRow | undefined> {
    const hit = this.byDigest.get(digest)
    if (hit && this.now() - hit.fetchedAt < this.ttlMs) return hit.row
    // Concurrent first requests with one key share a single lookup.
    let p = this.inflight.get(digest)
    if (!p) {
      p = this.load(digest).finally(() => this.inflight.delete(digest))
      this.inflight.set(digest, p)
    }
    return p
  }

  private async load(digest: string): Promise<ApiKeyRow | undefined> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.key_digest, digest)).limit(1)
    const row = rows[0]
    // Unknown digests are not remembered: a key created elsewhere must work at once.
    if (row) {
      if (this.byDigest.size > 50_000) this.byDigest.clear()
      this.byDigest.set(digest, { row, fetchedAt: this.now() })
    }
    return row
  }

  private dropLocal(id: string): void {
    for (const [digest, c] of this.byDigest) if (c.row?.id === id) this.byDigest.delete(digest)
  }

  /** Forget a key everywhere after it changed (block, revoke, delete, update). */
  async invalidate(id: string): Promise<void> {
    this.dropLocal(id)
    try {
      await this.cache.publish(CHANNEL, id)
    } catch {
      // The TTL still bounds staleness on other instances.
    }
  }
}
