import { describe, expect, it } from 'vitest'
import { deepEqual } from './equal.js'

describe('deepEqual', () => {
  it('compares structure, not identity or key order', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true)
    expect(deepEqual({ a: 1 }, { a: 2 })).toBe(false)
    expect(deepEqual([1, 2], [2, 1])).toBe(false)
    expect(deepEqual([1], { 0: 1 })).toBe(false)
    expect(deepEqual(null, {})).toBe(false)
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true)
  })
  it('treats an absent key like undefined, but not like null', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(deepEqual({ a: 1, b: null }, { a: 1 })).toBe(false)
  })
  it('compares Dates by instant', () => {
    expect(deepEqual(new Date(5), new Date(5))).toBe(true)
    expect(deepEqual(new Date(5), new Date(6))).toBe(false)
    expect(deepEqual(new Date(5), 5)).toBe(false)
  })
})
