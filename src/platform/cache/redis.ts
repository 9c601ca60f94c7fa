import { Redis } from 'ioredis'
import type { Cache } from './cache.js'

/**
 * One round trip for the rate-limit hits on one counter in one turn of the event loop: start the window with its
 * expiry if it is new, count them all, report what is left. Plain commands, so any Redis with scripting (2.6+) runs it.
 */
const HIT_SCRIPT = `
redis.call('SET', KEYS[1], '0', 'PX', ARGV[1], 'NX')
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
return { count, redis.call('PTTL', KEYS[1]) }`

type HitClient = Redis & { atriumHit(key: string, ttlMs: number, hits: number): Promise<[number, number]> }

interface Waiter<T> {
  resolve(value: T): void
  reject(err: unknown): void
}

/** getMany calls waiting for the end of the turn. */
interface PendingRead extends Waiter<Array<string | undefined>> {
  keys: readonly string[]
}

/** incr calls on one counter waiting for the end of the turn, in the order they were made. */
interface PendingHits {
  ttlMs: number
  waiters: Array<Waiter<{ count: number; ttlMs: number }>>
}

/** Redis-backed cache; keys are namespaced so several deployments can share one server. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const
  private readonly client: Redis
  private subscriber: Redis | undefined
  private readonly handlers = new Map<string, Array<(m: string) => void>>()
  /** Set once a connection attempt failed, cleared when the connection is ready again. */
  private lastError: string | undefined
  /*
   * Every request reads its content versions and counts a rate-limit hit. The calls made in one turn of the event
   * loop (one poll of the sockets: up to one per connection) go out together when the turn ends, as one MGET of the
   * distinct keys and one counter script per counter, instead of a command each. A call is only ever answered by a
   * command sent after it was made, so a read still sees every write that completed before it.
   */
  private reads: PendingRead[] = []
  private hits = new Map<string, PendingHits>()
  private flushScheduled = false

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
    const err = this.outage()
    if (err) throw err
  }

  private outage(): Error | undefined {
    return this.lastError !== undefined && this.client.status !== 'ready' ? new Error(`cache unavailable: ${this.lastError}`) : undefined
  }

  async get(key: string): Promise<string | undefined> {
    this.available()
    return (await this.client.get(this.prefix + key)) ?? undefined
  }

  getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    const down = this.outage()
    if (down) return Promise.reject(down)
    if (keys.length === 0) return Promise.resolve([])
    return new Promise((resolve, reject) => {
      this.reads.push({ keys, resolve, reject })
      this.scheduleFlush()
    })
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

  incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }> {
    const down = this.outage()
    if (down) return Promise.reject(down)
    const ttl = Math.max(1, Math.ceil(ttlMs))
    return new Promise((resolve, reject) => {
      const pending = this.hits.get(key)
      if (pending) {
        pending.ttlMs = Math.max(pending.ttlMs, ttl)
        pending.waiters.push({ resolve, reject })
      } else this.hits.set(key, { ttlMs: ttl, waiters: [{ resolve, reject }] })
      this.scheduleFlush()
    })
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    // setImmediate runs once the turn's socket callbacks (and their promise jobs) are done: the batch is the turn.
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.flushScheduled = false
    const reads = this.reads
    const hits = this.hits
    this.reads = []
    this.hits = new Map()
    if (reads.length > 0) this.sendReads(reads)
    for (const [key, pending] of hits) this.sendHits(key, pending)
  }

  private sendReads(reads: PendingRead[]): void {
    const index = new Map<string, number>()
    const asked: string[] = []
    for (const r of reads)
      for (const k of r.keys)
        if (!index.has(k)) {
          index.set(k, asked.length)
          asked.push(this.prefix + k)
        }
    this.client.mget(asked).then(
      (values) => {
        for (const r of reads) r.resolve(r.keys.map((k) => values[index.get(k) as number] ?? undefined))
      },
      (err: unknown) => {
        for (const r of reads) r.reject(err)
      },
    )
  }

  private sendHits(key: string, pending: PendingHits): void {
    const n = pending.waiters.length
    ;(this.client as HitClient).atriumHit(this.prefix + key, pending.ttlMs, n).then(
      (res) => {
        // The counter after all n hits: the i-th caller of the turn is the (count - n + 1 + i)-th hit of the window.
        const count = Number(res[0])
        const left = Number(res[1])
        const ttlMs = left > 0 ? left : pending.ttlMs
        pending.waiters.forEach((w, i) => w.resolve({ count: count - n + 1 + i, ttlMs }))
      },
      (err: unknown) => {
        for (const w of pending.waiters) w.reject(err)
      },
    )
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
