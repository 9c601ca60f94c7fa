import { describe, expect, it } from 'vitest'
import { categoryOptions } from './categories'

const c = (id: string, parent_id: string | null, name = id) => ({ id, parent_id, name })

describe('categoryOptions', () => {
  it('lists each parent before its children, siblings in the given order, indented by depth', () => {
    const rows = [c('news', null, 'News'), c('sport', null, 'Sport'), c('local', 'news', 'Local'), c('city', 'local', 'City'), c('world', 'news', 'World')]
    expect(categoryOptions(rows).map((o) => [o.value, o.depth])).toEqual([
      ['news', 0],
      ['local', 1],
      ['city', 2],
      ['world', 1],
      ['sport', 0],
    ])
    expect(categoryOptions(rows).find((o) => o.value === 'city')?.label).toBe('\u2003\u2003City')
  })
  it('treats a category whose parent is missing as a root, and lists a cycle once, flat', () => {
    expect(categoryOptions([c('orphan', 'gone')]).map((o) => [o.value, o.depth])).toEqual([['orphan', 0]])
    const cycle = categoryOptions([c('a', 'b'), c('b', 'a'), c('root', null)])
    expect(cycle.map((o) => o.value)).toEqual(['root', 'a', 'b'])
  })
  it('answers nothing for no categories', () => {
    expect(categoryOptions([])).toEqual([])
  })
})
