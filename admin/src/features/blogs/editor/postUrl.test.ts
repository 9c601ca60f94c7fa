import { describe, expect, it } from 'vitest'
import { postUrlOf } from './postUrl'

describe('post address on the site', () => {
  it('joins the site url and post_path with the slug filled in', () => {
    expect(postUrlOf('https://example.org', '/blog/{slug}', 'hello')).toBe('https://example.org/blog/hello')
    expect(postUrlOf('https://example.org/', '/blog/{slug}', 'hello')).toBe('https://example.org/blog/hello')
    expect(postUrlOf('https://example.org/de', 'posts/{slug}/', 'a-b')).toBe('https://example.org/de/posts/a-b/')
    expect(postUrlOf('https://example.org', '/{slug}/{slug}', 'x')).toBe('https://example.org/x/x')
  })
  it('no link without a url, a path, a slug, or with a non-web url', () => {
    expect(postUrlOf(null, '/blog/{slug}', 'hello')).toBeUndefined()
    expect(postUrlOf('https://example.org', '', 'hello')).toBeUndefined()
    expect(postUrlOf('https://example.org', '/blog/{slug}', '')).toBeUndefined()
    expect(postUrlOf('javascript:alert(1)', '/blog/{slug}', 'x')).toBeUndefined()
    expect(postUrlOf('not a url', '/blog/{slug}', 'x')).toBeUndefined()
  })
})
