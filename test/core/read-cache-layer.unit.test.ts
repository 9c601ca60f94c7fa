import { describe, expect, it } from 'vitest'
import { Layer } from '../../src/core/read-cache.js'

const entry = (bytes: number) => ({ body: Buffer.alloc(bytes, 'x'), until: null })

describe('read cache: the per-process layer', () => {
  it('evicts the oldest answers past its entry count', () => {
    const l = new Layer(3, 1_000_000)
    for (const k of ['a', 'b', 'c', 'd']) l.set(k, entry(10), false)
    expect([...l.entries.keys()]).toEqual(['b', 'c', 'd'])
  })

  it('evicts the oldest answers past its size, and counts a replaced answer once', () => {
    const l = new Layer(100, 100)
    l.set('a', entry(39), false)
    l.set('b', entry(39), false)
    l.set('b', entry(39), false)
    expect(l.size).toEqual({ entries: 2, bytes: 80 })
    l.set('c', entry(39), false)
    expect([...l.entries.keys()]).toEqual(['b', 'c'])
    expect(l.size.bytes).toBe(80)
  })

  it('leaves a huge answer to the shared cache when there is one, and keeps it when this layer is the only cache', () => {
    const shared = new Layer(100, 800)
    shared.set('small', entry(10), true)
    shared.set('huge', entry(200), true)
    expect([...shared.entries.keys()]).toEqual(['small'])
    const only = new Layer(100, 800)
    only.set('huge', entry(200), false)
    expect(only.get('huge')?.body.length).toBe(200)
  })
})

describe('read cache: what the only cache keeps of a load', () => {
  it('keeps every load while a quarter of the layer holds everything', () => {
    const l = new Layer(12, 1_000_000)
    for (const k of ['a', 'b', 'c']) l.admit(`v1:${k}`, k, entry(10))
    expect([...l.entries.keys()]).toEqual(['v1:a', 'v1:b', 'v1:c'])
  })

  it('past that, keeps a load only when its handle was loaded before: one-off answers do not push hot ones out', () => {
    const l = new Layer(12, 1_000_000)
    for (const k of ['a', 'b', 'c']) l.admit(`v1:${k}`, k, entry(10))
    // First loads of new handles: not kept, nothing evicted.
    for (const k of ['x', 'y', 'z']) l.admit(`v1:${k}`, k, entry(10))
    expect([...l.entries.keys()]).toEqual(['v1:a', 'v1:b', 'v1:c'])
    // A handle loaded before (asked again, or under new versions after a write) is kept, up to the whole layer.
    for (const k of ['x', 'y', 'z']) l.admit(`v1:${k}`, k, entry(10))
    l.admit('v2:b', 'b', entry(10))
    expect([...l.entries.keys()]).toEqual(['v1:a', 'v1:b', 'v1:c', 'v1:x', 'v1:y', 'v1:z', 'v2:b'])
  })

  it('counts the room in bytes as well as entries, and evicts the oldest for a known handle when full', () => {
    const l = new Layer(100, 200)
    l.admit('k1', 'h1', entry(30))
    l.admit('k2', 'h2', entry(30))
    expect([...l.entries.keys()]).toEqual(['k1'])
    for (let i = 0; i < 6; i++) l.admit(`k2:${i}`, 'h2', entry(30))
    // Entries of 34 bytes in a layer of 200: the oldest go first (k1, then k2:0).
    expect([...l.entries.keys()]).toEqual(['k2:1', 'k2:2', 'k2:3', 'k2:4', 'k2:5'])
  })
})
