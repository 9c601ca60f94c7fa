import { describe, expect, it } from 'vitest'
import { allowedMoves, applyMove, buildTree, dropOn, flatten, moveTo, positionOf, toReorder, type FlatItem } from './tree'

const item = (id: string, parent_id: string | null, display_order: number): FlatItem => ({ id, parent_id, display_order })
/** Home, About (Team, Jobs), Blog, Contact. */
const items = [
  item('home', null, 0),
  item('about', null, 1),
  item('team', 'about', 0),
  item('jobs', 'about', 1),
  item('blog', null, 2),
  item('contact', null, 5),
]
const shape = (tree: ReturnType<typeof buildTree>) => flatten(tree).map((r) => `${'-'.repeat(r.depth)}${r.item.id}`)

describe('menu tree', () => {
  it('builds by display_order; unknown parents and cycles become roots', () => {
    expect(shape(buildTree([...items].reverse()))).toEqual(['home', 'about', '-team', '-jobs', 'blog', 'contact'])
    expect(shape(buildTree([item('a', 'missing', 0)]))).toEqual(['a'])
    expect(shape(buildTree([item('a', 'b', 0), item('b', 'a', 0)]))).toEqual(['b', '-a'])
  })

  it('moves up and down among siblings only', () => {
    const t = buildTree(items)
    expect(shape(applyMove(t, 'blog', 'up'))).toEqual(['home', 'blog', 'about', '-team', '-jobs', 'contact'])
    expect(shape(applyMove(t, 'team', 'down'))).toEqual(['home', 'about', '-jobs', '-team', 'blog', 'contact'])
    expect(applyMove(t, 'home', 'up')).toBe(t)
    expect(applyMove(t, 'jobs', 'down')).toBe(t)
  })

  it('indents under the sibling above (as its last child) and outdents to right after the parent', () => {
    const t = buildTree(items)
    expect(shape(applyMove(t, 'blog', 'indent'))).toEqual(['home', 'about', '-team', '-jobs', '-blog', 'contact'])
    expect(shape(applyMove(t, 'jobs', 'indent'))).toEqual(['home', 'about', '-team', '--jobs', 'blog', 'contact'])
    expect(shape(applyMove(t, 'team', 'outdent'))).toEqual(['home', 'about', '-jobs', 'team', 'blog', 'contact'])
    expect(applyMove(t, 'home', 'indent')).toBe(t)
    expect(applyMove(t, 'home', 'outdent')).toBe(t)
  })

  it('says which moves are possible', () => {
    const t = buildTree(items)
    expect(allowedMoves(t, 'home')).toEqual({ up: false, down: true, indent: false, outdent: false })
    expect(allowedMoves(t, 'jobs')).toEqual({ up: true, down: false, indent: true, outdent: true })
    expect(allowedMoves(t, 'nope')).toEqual({ up: false, down: false, indent: false, outdent: false })
  })

  it('keeps a subtree with its item and never makes a cycle', () => {
    const t = buildTree(items)
    expect(shape(moveTo(t, 'about', null, 0))).toEqual(['about', '-team', '-jobs', 'home', 'blog', 'contact'])
    expect(moveTo(t, 'about', 'team', 0)).toBe(t)
    expect(moveTo(t, 'about', 'about', 0)).toBe(t)
    expect(moveTo(t, 'about', 'missing', 0)).toBe(t)
  })

  it('drops onto another row as arrayMove does, across levels too', () => {
    const t = buildTree(items)
    expect(shape(dropOn(t, 'home', 'blog'))).toEqual(['about', '-team', '-jobs', 'blog', 'home', 'contact'])
    expect(shape(dropOn(t, 'contact', 'home'))).toEqual(['contact', 'home', 'about', '-team', '-jobs', 'blog'])
    expect(shape(dropOn(t, 'contact', 'jobs'))).toEqual(['home', 'about', '-team', '-contact', '-jobs', 'blog'])
    expect(dropOn(t, 'about', 'team')).toBe(t)
  })

  it('describes positions and sends every item once with its parent and sibling index', () => {
    const t = applyMove(buildTree(items), 'blog', 'indent')
    expect(positionOf(t, 'blog')).toEqual({ parentId: 'about', index: 2, count: 3, depth: 1 })
    expect(toReorder(t).items).toEqual([
      { id: 'home', parent_id: null, display_order: 0 },
      { id: 'about', parent_id: null, display_order: 1 },
      { id: 'team', parent_id: 'about', display_order: 0 },
      { id: 'jobs', parent_id: 'about', display_order: 1 },
      { id: 'blog', parent_id: 'about', display_order: 2 },
      { id: 'contact', parent_id: null, display_order: 2 },
    ])
  })
})
