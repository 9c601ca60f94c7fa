import { describe, expect, it } from 'vitest'
import { categoryPaths, flattenTree, nextOrder } from './categoryTree'

const c = (id: string, parent_id: string | null = null) => ({ id, parent_id })

describe('category tree', () => {
  it('lists each parent before its children, depth first, keeping the given order', () => {
    const rows = flattenTree([c('news'), c('tech'), c('ai', 'tech'), c('web', 'tech'), c('llm', 'ai'), c('local', 'news')])
    expect(rows.map((r) => `${'-'.repeat(r.depth)}${r.category.id}`)).toEqual(['news', '-local', 'tech', '-ai', '--llm', '-web'])
  })
  it('shows an orphan as a root and survives a cycle', () => {
    expect(flattenTree([c('a', 'gone')]).map((r) => [r.category.id, r.depth])).toEqual([['a', 0]])
    expect(flattenTree([c('a', 'b'), c('b', 'a')])).toEqual([])
  })
  it('next display order goes after the last', () => {
    expect(nextOrder([])).toBe(0)
    expect(nextOrder([3, 1, 7])).toBe(8)
  })
})

describe('categoryPaths', () => {
  it('names each category by its path from the root; an unknown parent or a cycle ends it', () => {
    const paths = categoryPaths([
      { id: 'g', name: 'Garden', parent_id: null },
      { id: 'b', name: 'Bulbs', parent_id: 'g' },
      { id: 't', name: 'Tulips', parent_id: 'b' },
      { id: 'o', name: 'Orphan', parent_id: 'gone' },
      { id: 'x', name: 'X', parent_id: 'y' },
      { id: 'y', name: 'Y', parent_id: 'x' },
    ])
    expect(paths.get('t')).toBe('Garden › Bulbs › Tulips')
    expect(paths.get('g')).toBe('Garden')
    expect(paths.get('o')).toBe('Orphan')
    expect(paths.get('x')).toBe('Y › X')
  })
})
