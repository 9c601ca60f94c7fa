import { describe, expect, it } from 'vitest'
import { typesOf, validateSiteSearch } from './search'

describe('site search params', () => {
  it('keeps the query, a strict subset of types and a page beyond the first', () => {
    expect(validateSiteSearch({ q: '  gardens ', types: 'page,blog,nope', page: '3' })).toEqual({ q: 'gardens', types: 'blog,page', page: 3 })
    expect(validateSiteSearch({ q: '', types: 'blog,page,document', page: '1' })).toEqual({})
  })
  it('types in a fixed order, unknown dropped', () => {
    expect(typesOf('document,blog')).toEqual(['blog', 'document'])
    expect(typesOf(undefined)).toEqual([])
  })
})
