import { afterEach, describe, expect, it } from 'vitest'
import type { ApiKeyRow } from '../../../src/db/schema/api-keys.js'
import { MemoryCache } from '../../../src/platform/cache/memory.js'
import { KeyStore } from '../../../src/platform/key-store.js'
import { heldSelect } from '../../helpers/held-select.js'

/** Rows of the key with digest D1 (the fake query ignores its argument, as the stored digest must match). */
const D1 = 'd1'.repeat(32)
const row = (id: string, status: ApiKeyRow['status'] = 'Active') => ({ id, status, key_digest: D1 }) as ApiKeyRow

const caches: MemoryCache[] = []
function setup(ttlMs = 1000) {
  const { db, calls } = heldSelect<ApiKeyRow>()
  let now = 0
  const cache = new MemoryCache()
  caches.push(cache)
  const store = new KeyStore(db, cache, ttlMs, () => now)
  return { store, calls, cache, db, advance: (ms: number) => (now += ms) }
}
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
})

/** Lets pending promise callbacks run. */
const tick = () => new Promise<void>((r) => setImmediate(r))

describe('KeyStore', () => {
  it('remembers a known key for the TTL, then asks again', async () => {
    const { store, calls, advance } = setup(1000)
    const p = store.find(D1)
    await tick()
    calls[0]!([row('k1')])
    expect((await p)?.id).toBe('k1')
    advance(999)
    expect((await store.find(D1))?.id).toBe('k1')
    expect(calls).toHaveLength(1)
    advance(1)
    const again = store.find(D1)
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!([row('k1', 'Blocked')])
    expect((await again)?.status).toBe('Blocked')
  })

  it('never remembers an unknown key', async () => {
    const { store, calls } = setup()
    for (let i = 0; i < 2; i++) {
      const p = store.find('nope')
      await tick()
      calls[i]!([])
      expect(await p).toBeUndefined()
    }
    expect(calls).toHaveLength(2)
  })

  it('concurrent lookups of one key share one query', async () => {
    const { store, calls } = setup()
    const ps = [store.find(D1), store.find(D1), store.find(D1)]
    await tick()
    expect(calls).toHaveLength(1)
    calls[0]!([row('k1')])
    expect((await Promise.all(ps)).map((r) => r?.id)).toEqual(['k1', 'k1', 'k1'])
  })

  it('invalidate forgets the key at once', async () => {
    const { store, calls } = setup()
    const p = store.find(D1)
    await tick()
    calls[0]!([row('k1')])
    await p
    await store.invalidate('k1')
    const again = store.find(D1)
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!([row('k1', 'Revoked')])
    expect((await again)?.status).toBe('Revoked')
  })

  it('a lookup that raced an invalidation is not kept, and nobody joins it afterwards', async () => {
    const { store, calls } = setup()
    const stale = store.find(D1)
    await tick()
    // The key changes while the first lookup is reading the old row.
    await store.invalidate('k1')
    const fresh = store.find(D1)
    await tick()
    expect(calls).toHaveLength(2)
    calls[0]!([row('k1', 'Active')])
    calls[1]!([row('k1', 'Blocked')])
    expect((await stale)?.status).toBe('Active')
    expect((await fresh)?.status).toBe('Blocked')
    // The stale answer was not cached: the next lookup is served from the fresh one.
    expect((await store.find(D1))?.status).toBe('Blocked')
    expect(calls).toHaveLength(2)
  })

  it('hears invalidations of other instances over the shared cache channel', async () => {
    const { db, calls } = heldSelect<ApiKeyRow>()
    const cache = new MemoryCache()
    caches.push(cache)
    const a = new KeyStore(db, cache, 60_000)
    const b = new KeyStore(db, cache, 60_000)
    await a.start()
    await b.start()
    const p = b.find(D1)
    await tick()
    calls[0]!([row('k1')])
    await p
    await a.invalidate('k1')
    const again = b.find(D1)
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!([row('k1', 'Blocked')])
    expect((await again)?.status).toBe('Blocked')
  })

  it('a row whose stored digest differs from the one asked for is no match', async () => {
    const { store, calls } = setup()
    const p = store.find('ee'.repeat(32))
    await tick()
    calls[0]!([row('k1')])
    expect(await p).toBeUndefined()
  })

  it('a failing cache channel does not fail the invalidation', async () => {
    const { store, cache } = setup()
    cache.publish = () => Promise.reject(new Error('redis down'))
    await expect(store.invalidate('k1')).resolves.toBeUndefined()
  })
})
