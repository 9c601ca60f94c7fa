import { describe, expect, it } from 'vitest'
import { ImageSlots, SlotTimeout } from '../../src/platform/image-slots.js'

describe('ImageSlots', () => {
  it('runs at most `size` at once, in arrival order, and turns away a caller that waits too long', async () => {
    const slots = new ImageSlots(1)
    let release!: () => void
    const first = slots.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))))
    const order: string[] = []
    const second = slots.run(() => {
      order.push('second')
      return Promise.resolve('second')
    })
    const late = slots.run(() => Promise.resolve('never'), 20)
    expect(slots.load).toEqual({ running: 1, waiting: 2 })
    await expect(late).rejects.toBeInstanceOf(SlotTimeout)
    expect(slots.load).toEqual({ running: 1, waiting: 1 })
    expect(order).toEqual([])
    release()
    expect(await first).toBe('first')
    expect(await second).toBe('second')
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })
})
