import type { LRUCache } from 'lru-cache'
import type { Cache } from './cache.js'
import { boundedMap, type Bounds } from '../bounded.js'
import { detached } from '../strings.js'

interface Entry {
  value: string
  expiresAt: number
}

/**
 * What the embedded default keeps: content versions (a few per record a reader asked for, 60-150 bytes each) and
 * whatever else is set. A record's version evicted is set again to a fresh stamp on its next read (content-version.ts),
 * so eviction costs one miss of that record's answers, never a stale one. 100,000 versions are ten times the
 * records of the bench's data set; 32 MB bounds them if keys run long.
 */
export const MEMORY_CACHE_BOUNDS: Bounds = { maxEntries: 100_000, maxBytes: 32 * 1024 * 1024 }
/** Rate-limit windows (one per key or client address per minute). */
export const MEMORY_COUNTER_BOUNDS: Bounds = { maxEntries: 100_000, maxBytes: 16 * 1024 * 1024 }

type Counter = { count: number; expiresAt: number }

/** Keys expired at t, collected before any is deleted (the walk leaves recency as it is). */
function expired<V extends { expiresAt: number }>(map: LRUCache<string, V>, t: number): string[] {
  const out: string[] = []
  for (const [k, v] of map.entries()) if (v.expiresAt <= t) out.push(k)
  return out
}

/**
 * Single-process cache; expired entries are dropped on read and by a periodic sweep. Bounded by entries and bytes,
 * least recently used first (a flood of unknown slugs, each with its version, cannot grow it without end).
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const
  private readonly entries: LRUCache<string, Entry>
  private readonly counters: LRUCache<string, Counter>
  private readonly listeners = new Map<string, Array<(m: string) => void>>()
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly now: () => number = Date.now,
    bounds: { entries?: Bounds; counters?: Bounds } = {},
  ) {
    this.entries = boundedMap<Entry>(bounds.entries ?? MEMORY_CACHE_BOUNDS, (e) => e.value.length + 16)
    this.counters = boundedMap<Counter>(bounds.counters ?? MEMORY_COUNTER_BOUNDS, () => 16)
    this.sweeper = setInterval(() => this.sweep(), 30_000)
    this.sweeper.unref()
  }

  /** Bounds and current use, for tests and the bench. */
  get size(): { entries: number; bytes: number; counters: number; counterBytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize, counters: this.counters.size, counterBytes: this.counters.calculatedSize }
  }

  private sweep(): void {
    const t = this.now()
    for (const k of expired(this.entries, t)) this.entries.delete(k)
    for (const k of expired(this.counters, t)) this.counters.delete(k)
  }

  get(key: string): Promise<string | undefined> {
    const e = this.entries.get(key)
    if (!e) return Promise.resolve(undefined)
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key)
      return Promise.resolve(undefined)
    }
    return Promise.resolve(e.value)
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    return Promise.all(keys.map((k) => this.get(k)))
  }

  set(key: string, value: string | Buffer, ttlMs: number): Promise<void> {
    this.entries.set(detached(key), { value: typeof value === 'string' ? value : value.toString('utf8'), expiresAt: this.now() + ttlMs })
    return Promise.resolve()
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<string> {
    // Checked and set in one synchronous step: concurrent callers adopt the first value.
    const t = this.now()
    const e = this.entries.get(key)
    if (e && e.expiresAt > t) return Promise.resolve(e.value)
    this.entries.set(detached(key), { value, expiresAt: t + ttlMs })
    return Promise.resolve(value)
  }

  del(...keys: string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k)
    return Promise.resolve()
  }

  incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const t = this.now()
    let c = this.counters.get(key)
    if (!c || c.expiresAt <= t) {
      c = { count: 0, expiresAt: t + ttlMs }
      this.counters.set(key, c)
    }
    c.count++
    return Promise.resolve({ count: c.count, ttlMs: c.expiresAt - t })
  }

  publish(channel: string, message: string): Promise<void> {
    for (const fn of this.listeners.get(channel) ?? []) fn(message)
    return Promise.resolve()
  }

  subscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    const list = this.listeners.get(channel) ?? []
    list.push(onMessage)
    this.listeners.set(channel, list)
    return Promise.resolve()
  }

  ping(): Promise<void> {
    return Promise.resolve()
  }

  close(): Promise<void> {
    clearInterval(this.sweeper)
    this.entries.clear()
    this.counters.clear()
    this.listeners.clear()
    return Promise.resolve()
  }
}
