import { afterEach, describe, expect, it } from 'vitest'
import type { ApiKeyRow } from '../../src/db/schema/api-keys.js'
import { rememberedScopes, SCOPE_BOUNDS } from '../../src/core/access.js'
import { hashIp, IP_HASH_BOUNDS, ipHashCacheSize } from '../../src/http/auth.js'
import { boundedMap, ENTRY_OVERHEAD_BYTES } from '../../src/platform/bounded.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { KeyStore } from '../../src/platform/key-store.js'
import { SiteCache } from '../../src/platform/site-cache.js'
import { heldSelect } from '../helpers/held-select.js'

/*
 * Issue 31, item 9: every in-process cache stays within its entry and byte bounds and evicts the least recently
 * used entry (none empties itself whole).
 */

const caches: MemoryCache[] = []
const memory = (...args: ConstructorParameters<typeof MemoryCache>) => {
  const c = new MemoryCache(...args)
  caches.push(c)
  return c
}
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
})
const tick = () => new Promise<void>((r) => setImmediate(r))

describe('boundedMap', () => {
  it('counts the key, the value and the entry overhead, and evicts the least recently used', () => {
    const m = boundedMap<string>({ maxEntries: 3, maxBytes: 1_000_000 }, (v) => v.length)
    m.set('a', 'xx')
    expect(m.calculatedSize).toBe(1 + 2 + ENTRY_OVERHEAD_BYTES)
    m.set('b', 'x')
    m.set('c', 'x')
    m.get('a')
    m.set('d', 'x')
    expect([...m.rkeys()]).toEqual(['c', 'a', 'd'])
  })

  it('refuses bounds below one entry or one byte', () => {
    expect(() => boundedMap({ maxEntries: 0, maxBytes: 10 }, () => 0)).toThrow(RangeError)
  })
})

describe('MemoryCache (the embedded default shared cache)', () => {
  it('stays within its entry and byte bounds under a flood of version keys and counters', async () => {
    const c = memory(Date.now, { entries: { maxEntries: 100, maxBytes: 20_000 }, counters: { maxEntries: 50, maxBytes: 1_000_000 } })
    for (let i = 0; i < 5000; i++) await c.setIfAbsent(`cv:rec:blog:slug:site:unknown-${i}`, `stamp-${i}`, 7 * 24 * 3600 * 1000)
    for (let i = 0; i < 5000; i++) await c.set(`big-${i}`, 'x'.repeat(i % 500), 60_000)
    for (let i = 0; i < 5000; i++) await c.incr(`rl:${i}`, 60_000)
    const s = c.size
    expect(s.entries).toBeLessThanOrEqual(100)
    expect(s.bytes).toBeLessThanOrEqual(20_000)
    expect(s.counters).toBeLessThanOrEqual(50)
  })

  it('evicts the least recently used entry, not every entry', async () => {
    const c = memory(Date.now, { entries: { maxEntries: 3, maxBytes: 1_000_000 } })
    await c.set('a', '1', 60_000)
    await c.set('b', '2', 60_000)
    await c.set('c', '3', 60_000)
    expect(await c.get('a')).toBe('1')
    await c.set('d', '4', 60_000)
    expect(await c.getMany(['a', 'b', 'c', 'd'])).toEqual(['1', undefined, '3', '4'])
  })

  it('a counter in use keeps its count while others come and go', async () => {
    const c = memory(Date.now, { counters: { maxEntries: 3, maxBytes: 1_000_000 } })
    for (let i = 0; i < 20; i++) {
      await c.incr('hot', 60_000)
      await c.incr(`cold-${i}`, 60_000)
    }
    expect((await c.incr('hot', 60_000)).count).toBe(21)
  })
})

/** A fake key row for a digest (KeyStore compares the stored digest with the one asked). */
const keyRow = (digest: string) => ({ id: `id-${digest}`, status: 'Active', key_digest: digest, name: 'k', permission: 'Read' }) as unknown as ApiKeyRow
const digest = (i: number) => i.toString(16).padStart(64, '0')

describe('KeyStore', () => {
  async function remember(store: KeyStore, calls: Array<(rows: ApiKeyRow[]) => void>, d: string): Promise<number> {
    const before = calls.length
    const p = store.find(d)
    await tick()
    const queried = calls.length - before
    if (queried > 0) calls.at(-1)!([keyRow(d)])
    await p
    return queried
  }

  it('evicts the least recently used key, not every key', async () => {
    const { db, calls } = heldSelect<ApiKeyRow>()
    const store = new KeyStore(db, memory(), 60_000, Date.now, { maxEntries: 3, maxBytes: 1_000_000 })
    for (const i of [1, 2, 3]) expect(await remember(store, calls, digest(i))).toBe(1)
    expect(await remember(store, calls, digest(1))).toBe(0)
    expect(await remember(store, calls, digest(4))).toBe(1)
    // 2 was used longest ago: gone; 1, 3 and 4 are still answered from memory.
    expect(await remember(store, calls, digest(1))).toBe(0)
    expect(await remember(store, calls, digest(3))).toBe(0)
    expect(await remember(store, calls, digest(4))).toBe(0)
    expect(store.size.entries).toBe(3)
  })

  it('stays within its byte bound', async () => {
    const { db, calls } = heldSelect<ApiKeyRow>()
    const store = new KeyStore(db, memory(), 60_000, Date.now, { maxEntries: 1000, maxBytes: 2_000 })
    for (let i = 0; i < 100; i++) await remember(store, calls, digest(i))
    expect(store.size.bytes).toBeLessThanOrEqual(2_000)
    expect(store.size.entries).toBeGreaterThan(0)
    expect(store.size.entries).toBeLessThan(100)
  })
})

describe('SiteCache', () => {
  async function look(sites: SiteCache, calls: Array<(rows: Array<{ id: string; analyticsEnabled: boolean }>) => void>, id: string): Promise<number> {
    const before = calls.length
    const p = sites.isLive(id)
    await tick()
    const queried = calls.length - before
    if (queried > 0) calls.at(-1)!([{ id, analyticsEnabled: true }])
    expect(await p).toBe(true)
    return queried
  }

  it('evicts the least recently used site and stays within its bounds', async () => {
    const { db, calls } = heldSelect<{ id: string; analyticsEnabled: boolean }>()
    const sites = new SiteCache(db, memory(), 60_000, Date.now, { maxEntries: 3, maxBytes: 1_000_000 })
    for (const id of ['a', 'b', 'c']) expect(await look(sites, calls, id)).toBe(1)
    expect(sites.knownLive('a')).toBe(true)
    expect(await look(sites, calls, 'd')).toBe(1)
    expect(sites.knownLive('b')).toBeUndefined()
    expect(sites.knownLive('a')).toBe(true)
    const small = new SiteCache(db, memory(), 60_000, Date.now, { maxEntries: 1000, maxBytes: 1_000 })
    for (let i = 0; i < 100; i++) await look(small, calls, `site-${i}`)
    expect(small.size.bytes).toBeLessThanOrEqual(1_000)
    expect(small.size.entries).toBeLessThan(100)
  })
})

describe('record scopes (core/access.ts)', () => {
  it('stay within their bounds and evict the least recently used', () => {
    const scopes = rememberedScopes({})
    const scope = { siteId: 's', siteIds: ['s'] }
    scopes.set('hot', { version: 'v', scope })
    for (let i = 0; i < SCOPE_BOUNDS.maxEntries + 5_000; i++) {
      scopes.set(`blog:${i}`, { version: 'v1', scope })
      if (i % 1000 === 0) scopes.get('hot')
    }
    expect(scopes.size).toBeLessThanOrEqual(SCOPE_BOUNDS.maxEntries)
    expect(scopes.calculatedSize).toBeLessThanOrEqual(SCOPE_BOUNDS.maxBytes)
    expect(scopes.get('hot')).toBeDefined()
    expect(scopes.get('blog:0')).toBeUndefined()
  })
})

describe('client address hashes (http/auth.ts)', () => {
  it('stay within their bounds; an address in use keeps its hash', () => {
    const hot = hashIp('203.0.113.1')
    for (let i = 0; i < IP_HASH_BOUNDS.maxEntries * 2; i++) {
      hashIp(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
      if (i % 1000 === 0) expect(hashIp('203.0.113.1')).toBe(hot)
    }
    const size = ipHashCacheSize()
    expect(size.entries).toBeLessThanOrEqual(IP_HASH_BOUNDS.maxEntries)
    expect(size.bytes).toBeLessThanOrEqual(IP_HASH_BOUNDS.maxBytes)
  })
})
