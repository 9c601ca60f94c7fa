import { describe, expect, it } from 'vitest'
import { planReorder } from '../../src/kits/reorder/rules.js'
import { ApiError } from '../../src/http/errors.js'

const A = 'aaaaaaaa-0000-4000-8000-000000000001'
const B = 'aaaaaaaa-0000-4000-8000-000000000002'
const C = 'aaaaaaaa-0000-4000-8000-000000000003'
const OTHER = 'aaaaaaaa-0000-4000-8000-000000000009'
const tree = [
  { id: A, parent_id: null },
  { id: B, parent_id: A },
  { id: C, parent_id: B },
]

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(400)
    return (err as ApiError).errors?.[0]?.field
  }
  throw new Error('expected a 400')
}

describe('planReorder', () => {
  it('places the named items; an omitted parent_id keeps the parent', () => {
    expect(
      planReorder(tree, [
        { id: C, display_order: 1, parent_id: null },
        { id: B, display_order: 2 },
      ]),
    ).toEqual([
      { id: C, display_order: 1, parent_id: null },
      { id: B, display_order: 2, parent_id: A },
    ])
  })

  it('refuses an item named twice', () => {
    expect(
      fieldOf(() =>
        planReorder(tree, [
          { id: A, display_order: 1 },
          { id: A.toUpperCase(), display_order: 2 },
        ]),
      ),
    ).toBe('items.1.id')
  })

  it('refuses an item of another list, and a parent of another list', () => {
    expect(fieldOf(() => planReorder(tree, [{ id: OTHER, display_order: 1 }]))).toBe('items.0.id')
    expect(fieldOf(() => planReorder(tree, [{ id: A, display_order: 1, parent_id: OTHER }]))).toBe('items.0.parent_id')
  })

  it('refuses an item as its own parent and any cycle, also one through an item not named', () => {
    expect(fieldOf(() => planReorder(tree, [{ id: A, display_order: 1, parent_id: A }]))).toBe('items.0.parent_id')
    // A under C while C stays under B under A.
    expect(fieldOf(() => planReorder(tree, [{ id: A, display_order: 1, parent_id: C }]))).toBe('items.0.parent_id')
    // Swapping two levels at once is fine.
    expect(
      planReorder(tree, [
        { id: B, display_order: 1, parent_id: null },
        { id: A, display_order: 2, parent_id: B },
      ]).map((p) => p.parent_id),
    ).toEqual([null, B])
  })
})
