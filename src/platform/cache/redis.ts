import { Redis } from 'ioredis'
import type { Cache } from './cache.js'

/** Redis-backed cache; keys are namespaced so several deployments can share one server. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const
  private readonly client: Redis
  private subscriber: Redis | undefined
  private readonly handlers = new Map<string, Array<(m: string) => void>>()

  constructor(
    url: string,
    private readonly prefix = 'atrium:',
  ) {
    this.client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3000 })
    // Connection errors surface on the failing command (and in /health); the event itself must not crash the process.
    this.client.on('error', () => undefined)
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.client.get(this.prefix + key)) ?? undefined
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)))
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.client.del(...keys.map((k) => this.prefix + k))
  }

  async incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const k = this.prefix + key
    const res = await this.client.multi().incr(k).pexpire(k, ttlMs, 'NX').pttl(k).exec()
    const count = Number(res?.[0]?.[1] ?? 1)
    const ttl = Number(res?.[2]?.[1] ?? ttlMs)
    return { count, ttlMs: ttl > 0 ? ttl : ttlMs }
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.client.publish(this.prefix + channel, message)
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate()
      this.subscriber.on('error', () => undefined)
      this.subscriber.on('message', (ch: string, msg: string) => {
        for (const fn of this.handlers.get(ch) ?? []) fn(msg)
      })
    }
    const full = this.prefix + channel
    const list = this.handlers.get(full) ?? []
    list.push(onMessage)
    this.handlers.set(full, list)
    await this.subscriber.subscribe(full)
  }

  async ping(): Promise<void> {
    await this.client.ping()
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect()
    this.client.disconnect()
    await Promise.resolve()
  }
}
