import { describe, expect, it } from 'vitest'
import {
  MAX_SLUG,
  cloneSlug,
  cloneSlugCandidates,
  generatedSlug,
  slugCandidates,
  slugSource,
  slugify,
  uniqueCloneSlug,
  uniqueSlug,
} from '../../src/core/slugs.js'
import { ApiError } from '../../src/http/errors.js'

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

describe('slugs in every script (decisions.md "Content")', () => {
  const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

  it('transliterates Latin with ligatures and diacritics, Cyrillic, Greek, Arabic and Georgian to a-z, 0-9 and hyphens', () => {
    expect(slugify('Œuvre & Ærø')).toBe('oeuvre-aero')
    expect(slugify('Привет, мир!')).toBe('privet-mir')
    expect(slugify('Ελληνικά νέα')).toBe('ellinika-nea')
    expect(slugify('Việt Nam 2026')).toBe('viet-nam-2026')
    expect(slugify('ქართული')).toBe('qartuli')
    expect(slugify('مرحبا')).toMatch(SLUG)
    expect(slugify('Tokyo 東京')).toBe('tokyo')
  })

  it('leaves nothing of Japanese, Chinese or Korean (the library does not cover them)', () => {
    expect(slugify('こんにちは世界')).toBe('')
    expect(slugify('你好世界')).toBe('')
    expect(slugify('안녕하세요')).toBe('')
  })

  it('generatedSlug: the slug of the text, else the type and a 6-hex random suffix, never empty', () => {
    expect(generatedSlug('Привет мир', 'post')).toBe('privet-mir')
    const a = generatedSlug('こんにちは世界', 'post')
    const b = generatedSlug('こんにちは世界', 'post')
    expect(a).toMatch(/^post-[0-9a-f]{6}$/)
    expect(b).toMatch(/^post-[0-9a-f]{6}$/)
    expect(a).not.toBe(b)
    expect(generatedSlug('!!!', 'legal-document')).toMatch(/^legal-document-[0-9a-f]{6}$/)
    expect(generatedSlug(undefined, 'tag')).toMatch(/^tag-[0-9a-f]{6}$/)
    for (const text of ['Œuvre & Ærø', 'Привет', '東京', 'x'.repeat(500), '---', 'ÆØÅ'.repeat(100)]) {
      const slug = generatedSlug(text, 'post')
      expect(slug).toMatch(SLUG)
      expect(slug.length).toBeLessThanOrEqual(MAX_SLUG)
    }
  })

  it('slugCandidates: the base, then -2, -3, … cut to fit MAX_SLUG', () => {
    expect(slugCandidates('post', 1, 3)).toEqual(['post', 'post-2', 'post-3'])
    expect(slugCandidates('post', 25, 2)).toEqual(['post-25', 'post-26'])
    const long = slugCandidates('a'.repeat(MAX_SLUG), 1, 12)
    expect(long[0]).toHaveLength(MAX_SLUG)
    for (const c of long) expect(c.length).toBeLessThanOrEqual(MAX_SLUG)
    expect(long[11]).toBe(`${'a'.repeat(MAX_SLUG - 3)}-12`)
  })

  it("slugSource: the default locale's title, else the first titled localization, else 400 on slug", () => {
    expect(
      slugSource(
        [
          { locale_id: 'de', title: 'Hallo' },
          { locale_id: 'en', title: 'Hello' },
        ],
        'en',
      ),
    ).toBe('Hello')
    expect(
      slugSource(
        [
          { locale_id: 'de', title: 'Hallo' },
          { locale_id: 'en', title: '  ' },
        ],
        'en',
      ),
    ).toBe('Hallo')
    expect(
      slugSource(
        [
          { locale_id: 'de', title: null },
          { locale_id: 'fr', title: 'Salut' },
        ],
        'en',
      ),
    ).toBe('Salut')
    let err: unknown
    try {
      slugSource([{ locale_id: 'en', title: null }], 'en')
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).errors?.[0]?.field).toBe('slug')
  })
})
