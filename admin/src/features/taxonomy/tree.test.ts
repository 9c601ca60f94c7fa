import { describe, expect, it } from 'vitest'
import { buildTree, flatten, selfAndDescendants, usageCounts } from './tree'

const c = (id: string, parent_id: string | null = null) => ({ id, parent_id, name: id.toUpperCase(), slug: id })

describe('category tree', () => {
  const flat = [c('a'), c('b'), c('a1', 'a'), c('a2', 'a'), c('a1x', 'a1'), c('orphan', 'gone')]
  const tree = buildTree(flat)

  it('nests by parent, keeps sibling order, and shows a category with a missing parent as a root', () => {
    expect(tree.map((n) => n.category.id)).toEqual(['a', 'b', 'orphan'])
    expect(tree[0]?.children.map((n) => n.category.id)).toEqual(['a1', 'a2'])
    expect(flatten(tree).map((n) => `${n.depth}:${n.category.id}`)).toEqual(['0:a', '1:a1', '2:a1x', '1:a2', '0:b', '0:orphan'])
  })

  it('knows which categories cannot become a parent of one (itself and its descendants)', () => {
    expect([...selfAndDescendants(tree, 'a')].sort()).toEqual(['a', 'a1', 'a1x', 'a2'])
    expect([...selfAndDescendants(tree, 'b')]).toEqual(['b'])
  })

  it('survives a cycle in the data without looping', () => {
    expect(buildTree([c('x', 'y'), c('y', 'x')])).toEqual([])
  })

  it('counts the posts that carry each term', () => {
    const u = usageCounts([
      { tags: [{ id: 't1' }], categories: [{ id: 'a' }, { id: 'b' }] },
      { tags: [{ id: 't1' }, { id: 't2' }], categories: [{ id: 'a' }] },
    ])
    expect(Object.fromEntries(u.tags)).toEqual({ t1: 2, t2: 1 })
    expect(Object.fromEntries(u.categories)).toEqual({ a: 2, b: 1 })
  })
})
