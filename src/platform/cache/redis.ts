import { Redis } from 'ioredis'
import type { Cache } from './cache.js'

/**
 * One round trip per rate-limit hit: start the window with its expiry if it is new, count, report what is left.
 * Plain commands, so any Redis with scripting (2.6+) runs it.
 */
const HIT_SCRIPT = `
redis.call('SET', KEYS[1], '0', 'PX', ARGV[1], 'NX')
local count = redis.call('INCR', KEYS[1])
return { count, redis.call('PTTL', KEYS[1]) }`

type HitClient = Redis & { atriumHit(key: string, ttlMs: number): Promise<[number, number]> }

/** Redis-backed cache; keys are namespaced so several deployments can share one server. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const
  private readonly client: Redis
  private subscriber: Redis | undefined
  private readonly handlers = new Map<string, Array<(m: string) => void>>()
  /** Set once a connection attempt failed, cleared when the connection is ready again. */
  private lastError: string | undefined

  constructor(
    url: string,
    private readonly prefix = 'atrium:',
  ) {
    // Auto-pipelining sends the commands of concurrent requests in one round trip (rate limit + cache reads).
    this.client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3000, enableAutoPipelining: true })
    this.client.defineCommand('atriumHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    // Connection errors surface on the failing command (and in /health); the event itself must not crash the process.
    this.client.on('error', (err: Error) => {
      this.lastError = err.message || 'connection error'
    })
    this.client.on('ready', () => {
      this.lastError = undefined
    })
  }

  /**
   * Fails fast while Redis is known to be unreachable: otherwise each command would wait in the offline
   * queue through several reconnect attempts (seconds) on every request. Commands issued during the
   * first connection still queue.
   */
  private available(): void {
    if (this.lastError !== undefined && this.client.status !== 'ready') throw new Error(`cache unavailable: ${this.lastError}`)
  }

  async get(key: string): Promise<string | undefined> {
    this.available()
    return (await this.client.get(this.prefix + key)) ?? undefined
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    this.available()
    if (keys.length === 0) return []
    return (await this.client.mget(keys.map((k) => this.prefix + k))).map((v) => v ?? undefined)
  }

  async set(key: string, value: string | Buffer, ttlMs: number): Promise<void> {
    this.available()
    await this.client.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)))
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<string> {
    this.available()
    const set = await this.client.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')
    if (set === 'OK') return value
    // Taken by another instance between our read and this write: the value it set (or, expired meanwhile, ours next time).
    return (await this.client.get(this.prefix + key)) ?? value
  }

  async del(...keys: string[]): Promise<void> {
    this.available()
    if (keys.length) await this.client.del(...keys.map((k) => this.prefix + k))
  }

  async incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    this.available()
    const ttl = Math.max(1, Math.ceil(ttlMs))
    const res = await (this.client as HitClient).atriumHit(this.prefix + key, ttl)
    const count = Number(res[0])
    const left = Number(res[1])
    return { count, ttlMs: left > 0 ? left : ttl }
  }

  async publish(channel: string, message: string): Promise<void> {
    this.available()
    await this.client.publish(this.prefix + channel, message)
  }

  /**
   * Listens on a channel. The subscription is (re)made whenever the subscriber connection becomes ready,
   * so an instance started while Redis is down still hears invalidations once it is back.
   */
  async subscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    const sub = this.subscriber ?? this.makeSubscriber()
    const full = this.prefix + channel
    const list = this.handlers.get(full) ?? []
    list.push(onMessage)
    this.handlers.set(full, list)
    try {
      await sub.subscribe(full)
    } catch {
      // Redis unreachable: the 'ready' handler subscribes every channel once it is back.
    }
  }

  private makeSubscriber(): Redis {
    const sub = this.client.duplicate()
    this.subscriber = sub
    sub.on('error', () => undefined)
    sub.on('ready', () => {
      const channels = [...this.handlers.keys()]
      if (channels.length) sub.subscribe(...channels).catch(() => undefined)
    })
    sub.on('message', (ch: string, msg: string) => {
      for (const fn of this.handlers.get(ch) ?? []) fn(msg)
    })
    return sub
  }

  async ping(): Promise<void> {
    this.available()
    await this.client.ping()
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect()
    this.client.disconnect()
    await Promise.resolve()
  }
}
