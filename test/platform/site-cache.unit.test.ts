import { afterEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/db/client.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { SiteCache } from '../../src/platform/site-cache.js'
import { heldSelect } from '../helpers/held-select.js'

type Row = { id: string; analyticsEnabled: boolean }

const S = 'site-1'
const live = (analyticsEnabled = true): Row[] => [{ id: S, analyticsEnabled }]

const caches: MemoryCache[] = []
function setup(ttlMs = 1000) {
  const { db, calls } = heldSelect<Row>()
  let now = 0
  const cache = new MemoryCache()
  caches.push(cache)
  const sites = new SiteCache(db, cache, ttlMs, () => now)
  return { sites, calls, advance: (ms: number) => (now += ms) }
}
afterEach(async () => {
  for (const c of caches.splice(0)) await c.close()
})

const tick = () => new Promise<void>((r) => setImmediate(r))

describe('SiteCache', () => {
  it('concurrent lookups of one site share one query', async () => {
    const { sites, calls } = setup()
    const ps = [sites.isLive(S), sites.isLive(S), sites.flags(S)]
    await tick()
    expect(calls).toHaveLength(1)
    calls[0]!(live(false))
    expect(await Promise.all(ps)).toEqual([true, true, { analyticsEnabled: false }])
  })

  it('answers from memory for the first half of the TTL, then answers and renews in the background once', async () => {
    const { sites, calls, advance } = setup(1000)
    const first = sites.isLive(S)
    await tick()
    calls[0]!(live(true))
    expect(await first).toBe(true)
    advance(499)
    expect(await sites.flags(S)).toEqual({ analyticsEnabled: true })
    expect(calls).toHaveLength(1)
    advance(1)
    // Past half the TTL: the remembered answer at once, and one renewal for any number of callers.
    expect(await sites.flags(S)).toEqual({ analyticsEnabled: true })
    expect(await sites.flags(S)).toEqual({ analyticsEnabled: true })
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!(live(false))
    await tick()
    expect(await sites.flags(S)).toEqual({ analyticsEnabled: false })
    expect(calls).toHaveLength(2)
  })

  it('knownLive: true while the entry is fresh (renewing it past half the TTL, as flags does), else undefined', async () => {
    const { sites, calls, advance } = setup(1000)
    expect(sites.knownLive(S)).toBeUndefined()
    await tick()
    expect(calls).toHaveLength(0)
    const first = sites.isLive(S)
    await tick()
    calls[0]!(live())
    expect(await first).toBe(true)
    expect(sites.knownLive(S)).toBe(true)
    advance(600)
    expect(sites.knownLive(S)).toBe(true)
    expect(sites.knownLive(S)).toBe(true)
    await tick()
    expect(calls).toHaveLength(2)
    advance(1000)
    // The renewal has not answered, and the entry is past the TTL: the caller must wait for isLive.
    expect(sites.knownLive(S)).toBeUndefined()
  })

  it('never answers an entry older than the TTL: a caller past it waits for the query', async () => {
    const { sites, calls, advance } = setup(1000)
    const first = sites.isLive(S)
    await tick()
    calls[0]!(live())
    await first
    advance(1000)
    let settled = false
    const p = sites.isLive(S).then((v) => ((settled = true), v))
    await tick()
    expect(settled).toBe(false)
    expect(calls).toHaveLength(2)
    calls[1]!([])
    expect(await p).toBe(false)
  })

  it('a renewal that finds the site deleted forgets it', async () => {
    const { sites, calls, advance } = setup(1000)
    const first = sites.isLive(S)
    await tick()
    calls[0]!(live())
    await first
    advance(600)
    expect(await sites.isLive(S)).toBe(true)
    await tick()
    calls[1]!([])
    await tick()
    const p = sites.isLive(S)
    await tick()
    expect(calls).toHaveLength(3)
    calls[2]!([])
    expect(await p).toBe(false)
  })

  it('never remembers a site that is not live (a site created elsewhere is reachable at once)', async () => {
    const { sites, calls } = setup()
    for (let i = 0; i < 2; i++) {
      const p = sites.isLive(S)
      await tick()
      calls[i]!([])
      expect(await p).toBe(false)
    }
    expect(calls).toHaveLength(2)
  })

  it('a lookup that started before an invalidation answers its caller but is not remembered', async () => {
    const { sites, calls } = setup()
    const before = sites.isLive(S)
    await tick()
    await sites.invalidate(S)
    // A caller after the invalidation does not join the older lookup.
    const after = sites.isLive(S)
    await tick()
    expect(calls).toHaveLength(2)
    calls[0]!(live())
    calls[1]!([])
    expect(await before).toBe(true)
    expect(await after).toBe(false)
    const again = sites.isLive(S)
    await tick()
    expect(calls).toHaveLength(3)
    calls[2]!([])
    expect(await again).toBe(false)
  })

  it('a failed renewal leaves the entry until its TTL and surfaces nothing', async () => {
    let now = 0
    let fail = false
    let queries = 0
    const failing = {
      select: () => ({
        from: () => ({
          where: () => ({
            limit: () => {
              queries++
              return fail ? Promise.reject(new Error('database down')) : Promise.resolve(live())
            },
          }),
        }),
      }),
    } as unknown as Db
    const cache = new MemoryCache()
    caches.push(cache)
    const sites = new SiteCache(failing, cache, 1000, () => now)
    expect(await sites.isLive(S)).toBe(true)
    fail = true
    now = 700
    expect(await sites.isLive(S)).toBe(true)
    await tick()
    expect(queries).toBe(2)
    now = 1000
    await expect(sites.isLive(S)).rejects.toThrow('database down')
  })
})
