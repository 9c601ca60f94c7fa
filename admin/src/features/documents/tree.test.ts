import { describe, expect, it } from 'vitest'
import { treeOrder } from './tree'

const f = (id: string, parent_id: string | null, name: string, display_order = 0) => ({ id, parent_id, name, display_order })

describe('treeOrder', () => {
  it('puts parents before children with depths, siblings by order then name', () => {
    const out = treeOrder([f('c', 'a', 'Child'), f('b', null, 'Beta'), f('a', null, 'Alpha'), f('d', 'c', 'Deep'), f('e', null, 'Early', -1)])
    expect(out.map((x) => `${x.depth}:${x.id}`)).toEqual(['0:e', '0:a', '1:c', '2:d', '0:b'])
  })

  it('shows a folder whose parent is not in the list at the top level', () => {
    expect(treeOrder([f('x', 'gone', 'Orphan')]).map((x) => x.depth)).toEqual([0])
  })
})
