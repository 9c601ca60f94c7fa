import { describe, expect, it } from 'vitest'
import { rovingIndex } from './roving'

describe('rovingIndex (the toolbar pattern)', () => {
  it('moves right and left, wrapping at the ends', () => {
    expect(rovingIndex(0, 'ArrowRight', 8)).toBe(1)
    expect(rovingIndex(7, 'ArrowRight', 8)).toBe(0)
    expect(rovingIndex(3, 'ArrowLeft', 8)).toBe(2)
    expect(rovingIndex(0, 'ArrowLeft', 8)).toBe(7)
  })
  it('goes to the first and the last with Home and End', () => {
    expect(rovingIndex(4, 'Home', 8)).toBe(0)
    expect(rovingIndex(4, 'End', 8)).toBe(7)
  })
  it('follows the reading direction right to left', () => {
    expect(rovingIndex(0, 'ArrowLeft', 8, true)).toBe(1)
    expect(rovingIndex(0, 'ArrowRight', 8, true)).toBe(7)
  })
  it('leaves other keys (Tab, Enter, letters, up and down) to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'b', 'ArrowUp', 'ArrowDown']) expect(rovingIndex(2, key, 8)).toBeNull()
    expect(rovingIndex(0, 'ArrowRight', 0)).toBeNull()
  })
})
