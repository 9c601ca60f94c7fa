import { describe, expect, it } from 'vitest'
import { validateBlogListSearch } from './search'

describe('validateBlogListSearch', () => {
  it('keeps valid paging, status and query', () => {
    expect(validateBlogListSearch({ page: '3', per_page: 50, status: 'Published', q: ' gardens ' })).toEqual({
      page: 3,
      per_page: 50,
      status: 'Published',
      q: 'gardens',
    })
  })
  it('drops defaults and anything malformed instead of failing the route', () => {
    expect(validateBlogListSearch({ page: 1, per_page: 20 })).toEqual({ per_page: 20 })
    expect(validateBlogListSearch({ page: '0', per_page: 7, status: 'Archived', q: '   ' })).toEqual({})
    expect(validateBlogListSearch({ page: 2.5, per_page: 'x', status: 3, q: ['a'] })).toEqual({})
  })
  it('cuts the query to the search endpoint’s 200 characters', () => {
    expect(validateBlogListSearch({ q: 'a'.repeat(250) }).q).toHaveLength(200)
  })

  const TAG = '0b7f3c1e-8f7a-4d2b-9c55-1a2b3c4d5e6f'
  const CAT = '6F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9'
  it('keeps the author, tag, category and sort filters', () => {
    expect(validateBlogListSearch({ author: ' Ada Lovelace ', tag: TAG, category: CAT, sort: '-title', page: '2' })).toEqual({
      page: 2,
      author: 'Ada Lovelace',
      tag: TAG,
      category: CAT.toLowerCase(),
      sort: '-title',
    })
    for (const sort of ['created_at', '-updated_at', 'updated_at', '-published_date', 'published_date', 'title'])
      expect(validateBlogListSearch({ sort }).sort).toBe(sort)
  })
  it('drops the default sort, malformed ids, unknown sorts and blank authors', () => {
    expect(validateBlogListSearch({ sort: '-created_at' })).toEqual({})
    expect(validateBlogListSearch({ tag: 'go', category: `${TAG}x`, sort: 'name', author: '  ' })).toEqual({})
    expect(validateBlogListSearch({ tag: 42, category: [CAT], sort: ['title'], author: { a: 1 } })).toEqual({})
  })
  it('cuts the author to the endpoint’s 200 characters', () => {
    expect(validateBlogListSearch({ author: 'b'.repeat(250) }).author).toHaveLength(200)
  })
  it('keeps a locale code for the search and drops anything else', () => {
    expect(validateBlogListSearch({ locale: 'de' })).toEqual({ locale: 'de' })
    expect(validateBlogListSearch({ locale: 'pt-BR' })).toEqual({ locale: 'pt-BR' })
    expect(validateBlogListSearch({ locale: 'de de' })).toEqual({})
    expect(validateBlogListSearch({ locale: 7 })).toEqual({})
  })
})
