import type { LRUCache } from 'lru-cache'
import type { Db } from '../db/client.js'
import { boundedMap, type Bounds } from './bounded.js'
import type { Cache } from './cache/index.js'

/** What a subclass says about its cache: the channel its invalidations go on, how long an entry lasts, its bounds. */
export interface InvalidatedCacheOptions<E> {
  db: Db
  cache: Cache
  channel: string
  ttlMs: number
  now?: () => number
  bounds: Bounds
  /** Bytes of an entry beyond its key (boundedMap). */
  sizeOf: (entry: E) => number
}

/**
 * What an in-process cache of database rows shares (API keys, live sites): an invalidation drops this instance's
 * entries at once and is published on a cache channel, so other instances (through Redis) drop theirs; when there is
 * no shared cache or publishing fails, the subclass's TTL bounds how stale they may be. Concurrent lookups of one key
 * share a single load, and a load that began before an invalidation is told so by its generation and keeps nothing.
 */
export abstract class InvalidatedCache<V, E extends object> {
  protected readonly inflight = new Map<string, Promise<V>>()
  /** Bumped by every invalidation: a lookup that started before one must not remember what it read. */
  protected generation = 0
  protected readonly db: Db
  /** What this instance remembers, least recently used out first: an entry in use is never pushed out by a burst of others. */
  protected readonly entries: LRUCache<string, E>
  protected readonly ttlMs: number
  protected readonly now: () => number
  private readonly cache: Cache
  private readonly channel: string

  constructor(opts: InvalidatedCacheOptions<E>) {
    this.db = opts.db
    this.cache = opts.cache
    this.channel = opts.channel
    this.ttlMs = opts.ttlMs
    this.now = opts.now ?? Date.now
    this.entries = boundedMap<E>(opts.bounds, opts.sizeOf)
  }

  /** Remembered entries and their bytes (tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize }
  }

  async start(): Promise<void> {
    await this.cache.subscribe(this.channel, (id) => this.forget(id))
  }

  /** Reads `key` from the database; keeps the answer only while `generation` is still current. */
  protected abstract load(key: string, generation: number): Promise<V>

  /** Drops what this instance remembers of `id`, and the lookups that may have read it before the change. */
  protected abstract dropLocal(id: string): void

  /** The load of `key` in flight, or a new one: concurrent lookups of one key share a single query. */
  protected lookup(key: string): Promise<V> {
    return this.inflight.get(key) ?? this.shared(key)
  }

  /** One load of `key`, shared by every caller until it answers. */
  protected shared(key: string): Promise<V> {
    const p = this.load(key, this.generation).finally(() => {
      if (this.inflight.get(key) === p) this.inflight.delete(key)
    })
    this.inflight.set(key, p)
    return p
  }

  private forget(id: string): void {
    this.generation++
    this.dropLocal(id)
  }

  /** Forgets `id` here at once and tells the other instances. */
  async invalidate(id: string): Promise<void> {
    this.forget(id)
    try {
      await this.cache.publish(this.channel, id)
    } catch {
      // The TTL still bounds staleness on other instances.
    }
  }
}
