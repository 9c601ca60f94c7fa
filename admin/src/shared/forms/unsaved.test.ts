import { describe, expect, it } from 'vitest'
import { createUnsavedRegistry } from './unsaved'

describe('the unsaved-edits registry', () => {
  it('is dirty while any part is, and saving one part leaves the others dirty', () => {
    const r = createUnsavedRegistry()
    expect(r.any()).toBe(false)
    r.set('general', true)
    r.set('options', true)
    r.set('options', false)
    expect(r.any()).toBe(true)
    r.set('general', false)
    expect(r.any()).toBe(false)
  })

  it('tells its listeners only of changes', () => {
    const r = createUnsavedRegistry()
    let calls = 0
    const off = r.subscribe(() => calls++)
    r.set('a', true)
    r.set('a', true)
    r.set('b', false)
    expect(calls).toBe(1)
    off()
    r.set('a', false)
    expect(calls).toBe(1)
  })
})
