import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/http/errors.js'
import { parseText, parseTypes, snippetHtml } from '../../../src/modules/search/service.js'

describe('search input and snippets', () => {
  it('parses types: default all, trimmed, case-insensitive, de-duplicated; unknown or empty items are a 400 on types', () => {
    expect(parseTypes(undefined)).toEqual(['blog', 'page', 'document'])
    expect(parseTypes(' Page ,blog,page')).toEqual(['page', 'blog'])
    for (const bad of ['', 'blog,', 'video', 'blogs']) {
      expect(() => parseTypes(bad)).toThrow(ApiError)
    }
  })

  it('trims q and counts characters, not UTF-16 units', () => {
    expect(parseText('  hello  ')).toBe('hello')
    expect(parseText('😀'.repeat(200))).toHaveLength(400)
    expect(() => parseText('😀'.repeat(201))).toThrow(ApiError)
    expect(() => parseText(' \t ')).toThrow(ApiError)
  })

  it('escapes everything and marks only the sentinels', () => {
    expect(snippetHtml('a \u0002<b>\u0003 & "c" \'d\'')).toBe('a <mark>&lt;b&gt;</mark> &amp; &quot;c&quot; &#39;d&#39;')
    expect(snippetHtml('   ')).toBeNull()
    expect(snippetHtml(null)).toBeNull()
  })
})
