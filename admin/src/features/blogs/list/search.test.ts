import { describe, expect, it } from 'vitest'
import { validateBlogListSearch } from './search'

describe('validateBlogListSearch', () => {
  it('keeps valid paging, status and query', () => {
    expect(validateBlogListSearch({ page: '3', per_page: 50, status: 'Published', q: ' gardens ' })).toEqual({ page: 3, per_page: 50, status: 'Published', q: 'gardens' })
  })
  it('drops defaults and anything malformed instead of failing the route', () => {
    expect(validateBlogListSearch({ page: 1, per_page: 20 })).toEqual({ per_page: 20 })
    expect(validateBlogListSearch({ page: '0', per_page: 7, status: 'Archived', q: '   ' })).toEqual({})
    expect(validateBlogListSearch({ page: 2.5, per_page: 'x', status: 3, q: ['a'] })).toEqual({})
  })
  it('cuts the query to the search endpoint’s 200 characters', () => {
    expect(validateBlogListSearch({ q: 'a'.repeat(250) }).q).toHaveLength(200)
  })
})
