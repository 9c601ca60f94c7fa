import { describe, expect, it } from 'vitest'
import { MAX_SLUG, cloneSlug, cloneSlugCandidates, slugify, uniqueCloneSlug, uniqueSlug } from '../../src/core/slugs.js'

describe('clone slugs', () => {
  it('numbers clones -copy, -copy-2, -copy-3', () => {
    expect(cloneSlug('hello', 1)).toBe('hello-copy')
    expect(cloneSlug('hello', 2)).toBe('hello-copy-2')
    expect(cloneSlugCandidates('a', 1, 3)).toEqual(['a-copy', 'a-copy-2', 'a-copy-3'])
  })

  it('picks the first free clone slug', () => {
    expect(uniqueCloneSlug('hello', new Set())).toBe('hello-copy')
    expect(uniqueCloneSlug('hello', new Set(['hello-copy']))).toBe('hello-copy-2')
    expect(uniqueCloneSlug('hello', new Set(['hello-copy', 'hello-copy-2', 'hello-copy-4']))).toBe('hello-copy-3')
  })

  it('cloning a clone appends another suffix', () => {
    expect(uniqueCloneSlug('hello-copy', new Set(['hello-copy']))).toBe('hello-copy-copy')
  })

  it('keeps long slugs within the limit without a trailing hyphen', () => {
    const base = `${'a'.repeat(MAX_SLUG - 6)}-bcdef`
    const s = cloneSlug(base, 12)
    expect(s.length).toBeLessThanOrEqual(MAX_SLUG)
    expect(s.endsWith('-copy-12')).toBe(true)
    expect(s).not.toContain('--')
  })

  it('rejects a non-positive clone number', () => {
    expect(() => cloneSlug('x', 0)).toThrow(RangeError)
  })
})

describe('uniqueSlug and slugify', () => {
  it('returns the base when free, else numbers it', () => {
    expect(uniqueSlug('post', new Set())).toBe('post')
    expect(uniqueSlug('post', new Set(['post', 'post-2']))).toBe('post-3')
  })

  it('makes kebab slugs from text', () => {
    expect(slugify('Hello, World!')).toBe('hello-world')
    expect(slugify('Ünïcödé  Straße')).toBe('unicode-strasse')
    expect(slugify('---')).toBe('')
    expect(slugify('x'.repeat(300)).length).toBe(MAX_SLUG)
  })
})
