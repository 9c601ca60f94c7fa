import type { Cache } from './cache.js'
import { detached } from '../strings.js'

interface Entry {
  value: string
  expiresAt: number
}

/** Single-process cache; expired entries are dropped on read and by a periodic sweep. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const
  private readonly entries = new Map<string, Entry>()
  private readonly counters = new Map<string, { count: number; expiresAt: number }>()
  private readonly listeners = new Map<string, Array<(m: string) => void>>()
  private readonly sweeper: NodeJS.Timeout

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 30_000)
    this.sweeper.unref()
  }

  private sweep(): void {
    const t = this.now()
    for (const [k, e] of this.entries) if (e.expiresAt <= t) this.entries.delete(k)
    for (const [k, c] of this.counters) if (c.expiresAt <= t) this.counters.delete(k)
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
