import { describe, expect, it } from 'vitest'
import { moveItem, reorderBody } from './order'

describe('social link order', () => {
  it('moves an item to a new position', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b'])
  })
  it('numbers the whole list for the reorder body', () => {
    expect(reorderBody([{ id: 'x' }, { id: 'y' }])).toEqual({
      items: [
        { id: 'x', display_order: 0 },
        { id: 'y', display_order: 1 },
      ],
    })
  })
})
