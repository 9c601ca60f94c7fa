import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Cache } from '../../src/platform/cache/index.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { countHit } from '../../src/platform/cache/rate-counter.js'
import { RedisCache } from '../../src/platform/cache/redis.js'
import { uid } from '../helpers/factories.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const opened: Cache[] = []
afterAll(async () => {
  for (const c of opened) await c.close()
})

const kinds: Array<[string, (prefix: string) => Cache]> = [['memory', () => new MemoryCache()]]
if (process.env.REDIS_URL) kinds.push(['redis', (prefix) => new RedisCache(process.env.REDIS_URL!, prefix)])

describe.each(kinds)('%s cache', (_kind, make) => {
  const open = (prefix = `atrium:t:cache-${uid()}:`) => {
    const c = make(prefix)
    opened.push(c)
    return c
  }

  it('get/set/del with expiry', async () => {
    const c = open()
    await c.set('a', '1', 150)
    await c.set('b', '2', 10_000)
    expect(await c.get('a')).toBe('1')
    await c.del('b')
    expect(await c.get('b')).toBeUndefined()
    await sleep(250)
    expect(await c.get('a')).toBeUndefined()
    await c.ping()
  })

  it('a value set as bytes reads back as its UTF-8 text', async () => {
    const c = open()
    const text = '1750000000000\n{"title":"Grüße — 東京 🎉","n":1}'
    await c.set('bytes', Buffer.from(text, 'utf8'), 10_000)
    expect(await c.get('bytes')).toBe(text)
    expect(await c.getMany(['bytes'])).toEqual([text])
  })

  it('getMany answers several keys in the order asked, undefined for absent and expired ones', async () => {
    const c = open()
    await c.set('a', '1', 10_000)
    await c.set('gone', 'x', 50)
    await c.set('c', '3', 10_000)
    await sleep(120)
    expect(await c.getMany(['c', 'missing', 'a', 'gone'])).toEqual(['3', undefined, '1', undefined])
    expect(await c.getMany([])).toEqual([])
  })

  it('incr counts within a window that expires ttl after the first hit', async () => {
    const c = open()
    const first = await c.incr('n', 300)
    expect(first.count).toBe(1)
    expect(first.ttlMs).toBeGreaterThan(0)
    expect(first.ttlMs).toBeLessThanOrEqual(300)
    await sleep(120)
    const second = await c.incr('n', 300)
    expect(second.count).toBe(2)
    // A later hit does not extend the window.
    expect(second.ttlMs).toBeLessThanOrEqual(300 - 100)
    await sleep(300)
    expect((await c.incr('n', 300)).count).toBe(1)
  })

  it('counts concurrent hits exactly', async () => {
    const c = open()
    const counts = await Promise.all(Array.from({ length: 25 }, () => c.incr('burst', 10_000)))
    expect(counts.map((x) => x.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('publish reaches subscribers', async () => {
    const c = open()
    const got: string[] = []
    await c.subscribe('chan', (m) => got.push(m))
    await c.publish('chan', 'hello')
    for (let i = 0; i < 50 && got.length === 0; i++) await sleep(20)
    expect(got).toEqual(['hello'])
  })
})

describe.skipIf(!process.env.REDIS_URL)('redis: instances and prefixes', () => {
  it('two clients with one prefix share counters and messages; another prefix is separate', async () => {
    const prefix = `atrium:t:share-${uid()}:`
    const [a, b, other] = [
      new RedisCache(process.env.REDIS_URL!, prefix),
      new RedisCache(process.env.REDIS_URL!, prefix),
      new RedisCache(process.env.REDIS_URL!, `${prefix}x:`),
    ]
    opened.push(a, b, other)
    expect((await a.incr('k', 10_000)).count).toBe(1)
    expect((await b.incr('k', 10_000)).count).toBe(2)
    expect((await other.incr('k', 10_000)).count).toBe(1)
    const got: string[] = []
    await b.subscribe('inv', (m) => got.push(m))
    await other.subscribe('inv', (m) => got.push(`other:${m}`))
    await a.publish('inv', 'key-1')
    for (let i = 0; i < 50 && got.length === 0; i++) await sleep(20)
    await sleep(50)
    expect(got).toEqual(['key-1'])
  })
})

describe.skipIf(!process.env.REDIS_URL)('redis: the calls of one event-loop turn share one command', () => {
  const open = () => {
    const c = new RedisCache(process.env.REDIS_URL!, `atrium:t:turn-${uid()}:`)
    opened.push(c)
    return c
  }
  // The client is private: the tests count the commands it is asked to send.
  const clientOf = (c: RedisCache) => (c as unknown as { client: Record<string, (...args: unknown[]) => unknown> }).client

  it('getMany calls made in one turn are answered by one MGET of their distinct keys, each in its own order', async () => {
    const c = open()
    await c.set('a', '1', 10_000)
    await c.set('b', '2', 10_000)
    const mget = vi.spyOn(clientOf(c), 'mget')
    const answers = await Promise.all([c.getMany(['a', 'b']), c.getMany(['b', 'none']), c.getMany(['a'])])
    expect(answers).toEqual([['1', '2'], ['2', undefined], ['1']])
    expect(mget).toHaveBeenCalledTimes(1)
    expect((mget.mock.calls[0]?.[0] as string[]).length).toBe(3)
    // A call made once that command is out waits for a command of its own, sent after it: it sees the write before it.
    await c.set('a', '10', 10_000)
    expect(await c.getMany(['a', 'b'])).toEqual(['10', '2'])
    expect(mget).toHaveBeenCalledTimes(2)
  })

  it('hits on one counter in one turn are one increment by their number, counted in call order', async () => {
    const c = open()
    const hit = vi.spyOn(clientOf(c), 'atriumHit')
    expect((await c.incr('rl', 10_000)).count).toBe(1)
    const burst = await Promise.all(Array.from({ length: 5 }, () => c.incr('rl', 10_000)))
    expect(burst.map((h) => h.count)).toEqual([2, 3, 4, 5, 6])
    expect(burst.every((h) => h.ttlMs > 0 && h.ttlMs <= 10_000)).toBe(true)
    const [other] = await Promise.all([c.incr('other', 10_000), c.incr('rl', 10_000)])
    expect(other?.count).toBe(1)
    // ioredis's auto-pipelining calls a custom command twice on the client (once to queue it): count sends, not calls.
    const sent = hit.mock.calls.map((call) => `${String(call[0]).split(':').pop()}+${String(call[2])}`).filter((x, i, all) => x !== all[i - 1])
    expect(sent).toEqual(['rl+1', 'rl+5', 'other+1', 'rl+1'])
  })

  it('a failed command fails every call of its turn', async () => {
    const c = new RedisCache('redis://127.0.0.1:1', `atrium:t:dead-${uid()}:`)
    opened.push(c)
    const results = await Promise.allSettled([c.getMany(['a']), c.getMany(['b']), c.incr('n', 1000), c.incr('n', 1000)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected'])
  })
})

describe('redis unreachable', () => {
  it('subscribing does not fail start-up, and once the outage is known commands fail fast', async () => {
    const dead = new RedisCache('redis://127.0.0.1:1', `atrium:t:dead-${uid()}:`)
    opened.push(dead)
    await expect(dead.subscribe('chan', () => undefined)).resolves.toBeUndefined()
    await expect(dead.ping()).rejects.toThrow()
    const started = performance.now()
    await expect(dead.incr('n', 1000)).rejects.toThrow(/cache unavailable/)
    await expect(dead.get('x')).rejects.toThrow(/cache unavailable/)
    await expect(dead.getMany(['x'])).rejects.toThrow(/cache unavailable/)
    expect(performance.now() - started).toBeLessThan(50)
  })

  it('rate counting falls back to per-instance counters and reports the fallback at most once per 30 s', async () => {
    const dead = new RedisCache('redis://127.0.0.1:1', `atrium:t:dead-${uid()}:`)
    opened.push(dead)
    const reports: unknown[] = []
    const hits = []
    for (let i = 0; i < 4; i++) hits.push(await countHit(dead, 'rl:x', 60_000, (err) => reports.push(err)))
    expect(hits.map((h) => h.count)).toEqual([1, 2, 3, 4])
    expect(hits.every((h) => !h.shared)).toBe(true)
    expect(reports).toHaveLength(1)
    // A healthy cache counts in the cache itself.
    const live = new MemoryCache()
    opened.push(live)
    expect(await countHit(live, 'rl:x', 60_000)).toEqual({ count: 1, shared: true })
  })
})
