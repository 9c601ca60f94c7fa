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
