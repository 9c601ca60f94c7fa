import { describe, expect, it } from 'vitest'
import { pointAfterKey } from './FocalPoint'

describe('pointAfterKey', () => {
  it('moves by 1 % per arrow, 10 % with Shift, and stays inside the image', () => {
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 })
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 })
    expect(pointAfterKey({ x: 0.05, y: 0.97 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0.97 })
    expect(pointAfterKey({ x: 0.05, y: 0.97 }, 'ArrowDown', true)).toEqual({ x: 0.05, y: 1 })
  })

  it('Home centres the point; other keys leave it to the browser', () => {
    expect(pointAfterKey({ x: 0.2, y: 0.9 }, 'Home', false)).toEqual({ x: 0.5, y: 0.5 })
    expect(pointAfterKey({ x: 0.2, y: 0.9 }, 'Tab', false)).toBeUndefined()
  })
})
