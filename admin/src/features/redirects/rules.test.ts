import { describe, expect, it } from 'vitest'
import { checkRedirect, matchesQuery, normalizePath } from './rules'

describe('redirect rules', () => {
  it('normalises paths like the server', () => {
    expect(normalizePath('old/')).toBe('/old')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('/a//')).toBe('/a')
  })
  it('requires both paths, a leading slash on the source and a path or http(s) URL as destination', () => {
    expect(checkRedirect({ source_path: '', destination_path: '' })).toEqual({ source_path: 'required', destination_path: 'required' })
    expect(checkRedirect({ source_path: 'old', destination_path: 'ftp://x' })).toEqual({ source_path: 'sourceFormat', destination_path: 'destinationFormat' })
    expect(checkRedirect({ source_path: '/a b', destination_path: '/b' })).toEqual({ source_path: 'sourceFormat' })
    expect(checkRedirect({ source_path: '/old', destination_path: 'https://example.com/new', status_code: 302 })).toEqual({})
    expect(checkRedirect({ source_path: `/${'a'.repeat(2000)}`, destination_path: '/b' })).toEqual({ source_path: 'tooLong' })
  })
  it('refuses a destination equal to the source after normalising, and codes other than 301 and 302', () => {
    expect(checkRedirect({ source_path: '/same', destination_path: '/same/' })).toEqual({ destination_path: 'same' })
    expect(checkRedirect({ source_path: '/a', destination_path: '/b', status_code: 307 })).toEqual({ status_code: 'statusCode' })
  })
  it('searches source and destination, ignoring case', () => {
    const r = { source_path: '/Old-Blog', destination_path: 'https://example.com/news' }
    expect(matchesQuery(r, 'old')).toBe(true)
    expect(matchesQuery(r, 'NEWS')).toBe(true)
    expect(matchesQuery(r, 'shop')).toBe(false)
    expect(matchesQuery(r, '  ')).toBe(true)
  })
})
