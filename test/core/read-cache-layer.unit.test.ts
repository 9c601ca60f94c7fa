import { describe, expect, it } from 'vitest'
import { Layer } from '../../src/core/read-cache.js'

const entry = (bytes: number) => ({ body: Buffer.alloc(bytes, 'x'), until: null })

describe('read cache: the per-process layer', () => {
  it('evicts the oldest answers past its entry count', () => {
    const l = new Layer(3, 1_000_000)
    for (const k of ['a', 'b', 'c', 'd']) l.set(k, entry(10), false)
    expect([...l.entries.rkeys()]).toEqual(['b', 'c', 'd'])
  })

  it('evicts the oldest answers past its size, and counts a replaced answer once', () => {
    const l = new Layer(100, 100)
    l.set('a', entry(39), false)
    l.set('b', entry(39), false)
    l.set('b', entry(39), false)
    expect(l.size).toEqual({ entries: 2, bytes: 80 })
    l.set('c', entry(39), false)
    expect([...l.entries.rkeys()]).toEqual(['b', 'c'])
    expect(l.size.bytes).toBe(80)
  })

  it('leaves a huge answer to the shared cache when there is one, and keeps it when this layer is the only cache', () => {
    const shared = new Layer(100, 800)
    shared.set('small', entry(10), true)
    shared.set('huge', entry(200), true)
    expect([...shared.entries.rkeys()]).toEqual(['small'])
    const only = new Layer(100, 800)
    only.set('huge', entry(200), false)
    expect(only.get('huge')?.body.length).toBe(200)
  })
})

describe('read cache: the layer evicts the least recently used answer', () => {
  it('an answer read keeps its place; the one read longest ago goes first', () => {
    const l = new Layer(3, 1_000_000)
    for (const k of ['a', 'b', 'c']) l.set(k, entry(10), false)
    expect(l.get('a')).toBeDefined()
    l.set('d', entry(10), false)
    expect([...l.entries.rkeys()]).toEqual(['c', 'a', 'd'])
    expect(l.get('b')).toBeUndefined()
  })

  it('stays within its entry and byte bounds under a flood of answers', () => {
    const l = new Layer(50, 5_000)
    for (let i = 0; i < 10_000; i++) l.set(`k${i}`, entry(20 + (i % 80)), false)
    expect(l.size.entries).toBeLessThanOrEqual(50)
    expect(l.size.bytes).toBeLessThanOrEqual(5_000)
    const admitted = new Layer(50, 5_000)
    for (let i = 0; i < 10_000; i++) admitted.admit(`v:${i}`, `h${i % 3000}`, entry(30))
    expect(admitted.size.entries).toBeLessThanOrEqual(50)
    expect(admitted.size.bytes).toBeLessThanOrEqual(5_000)
    // The handles admit() remembers: bounded too (twice the entries), least recently seen forgotten first.
    expect(admitted.seenSize.entries).toBeLessThanOrEqual(100)
  })

  it('admit() forgets the handle seen longest ago, not every handle at once', () => {
    const l = new Layer(4, 1_000_000)
    // Fill the room (a quarter: 1 entry) and then the seen handles (8) with h0 kept recent.
    l.admit('v:h0', 'h0', entry(10))
    for (let i = 1; i <= 12; i++) {
      l.admit(`v:h${i}`, `h${i}`, entry(10))
      l.admit('v:h0', 'h0', entry(10))
    }
    // h0 is still known: a new version of it is kept at its first load.
    l.admit('v2:h0', 'h0', entry(10))
    expect(l.get('v2:h0')).toBeDefined()
    // h1 was forgotten long ago: its load is not kept (the layer is past its quarter).
    l.admit('v2:h1', 'h1', entry(10))
    expect(l.get('v2:h1')).toBeUndefined()
  })
})

describe('read cache: what the only cache keeps of a load', () => {
  it('keeps every load while a quarter of the layer holds everything', () => {
    const l = new Layer(12, 1_000_000)
    for (const k of ['a', 'b', 'c']) l.admit(`v1:${k}`, k, entry(10))
    expect([...l.entries.rkeys()]).toEqual(['v1:a', 'v1:b', 'v1:c'])
  })

  it('past that, keeps a load only when its handle was loaded before: one-off answers do not push hot ones out', () => {
    const l = new Layer(12, 1_000_000)
    for (const k of ['a', 'b', 'c']) l.admit(`v1:${k}`, k, entry(10))
    // First loads of new handles: not kept, nothing evicted.
    for (const k of ['x', 'y', 'z']) l.admit(`v1:${k}`, k, entry(10))
    expect([...l.entries.rkeys()]).toEqual(['v1:a', 'v1:b', 'v1:c'])
    // A handle loaded before (asked again, or under new versions after a write) is kept, up to the whole layer.
    for (const k of ['x', 'y', 'z']) l.admit(`v1:${k}`, k, entry(10))
    l.admit('v2:b', 'b', entry(10))
    expect([...l.entries.rkeys()]).toEqual(['v1:a', 'v1:b', 'v1:c', 'v1:x', 'v1:y', 'v1:z', 'v2:b'])
  })

  it('counts the room in bytes as well as entries, and evicts the oldest for a known handle when full', () => {
    const l = new Layer(100, 200)
    l.admit('k1', 'h1', entry(30))
    l.admit('k2', 'h2', entry(30))
    expect([...l.entries.rkeys()]).toEqual(['k1'])
    for (let i = 0; i < 6; i++) l.admit(`k2:${i}`, 'h2', entry(30))
    // Entries of 34 bytes in a layer of 200: the oldest go first (k1, then k2:0).
    expect([...l.entries.rkeys()]).toEqual(['k2:1', 'k2:2', 'k2:3', 'k2:4', 'k2:5'])
  })
})
