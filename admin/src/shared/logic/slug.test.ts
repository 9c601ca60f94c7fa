import { describe, expect, it } from 'vitest'
import { MAX_SLUG, builtinTransliterate, isValidSlug, previewSlug, slugify } from './slug.js'

/*
 * The server's answers: src/core/slugs.ts slugify() run on these inputs (node_modules/.bin/tsx, 2026-11-27, with
 * @sindresorhus/transliterate 2.3.1). If the server's rules change, regenerate them and this file shows what moved.
 */
const SERVER: ReadonlyArray<readonly [string, string]> = [
  ['Hello, World!', 'hello-world'],
  ['Ünïcödé Straße', 'unicode-strasse'],
  ['Œuvre & Ærø', 'oeuvre-aero'],
  ['Привет мир', 'privet-mir'],
  ['Щука и ёж, съел', 'schuka-i-yozh-syel'],
  ['Київ — їжак, ґанок, Європа', 'kiyiv-yizhak-ganok-yevropa'],
  ['Βήτα και Βιβλίο', 'bita-kai-bivlio'],
  ['Αθήνα: η πόλη', 'athina-i-poli'],
  ['Łódź, Kraków i Gdańsk', 'lodz-krakow-i-gdansk'],
  ['İstanbul’da şarkı ğüzel', 'istanbul-da-sarki-guzel'],
  ['București și Timișoara', 'bucuresti-si-timisoara'],
  ['Tiếng Việt có dấu', 'tieng-viet-co-dau'],
  ['Þór og Ðóra', 'thor-og-dora'],
  ['Crème brûlée — 2024 edition', 'creme-brulee-2024-edition'],
  ['  --Already-a-slug--  ', 'already-a-slug'],
  ['ﬁne ﬂow ① ²', 'fine-flow-1-2'],
  ['C# & F# vs. C++', 'c-f-vs-c'],
  ['日本語のタイトル', ''],
  ['שלום', ''],
  ['Mixed 日本 text', 'mixed-text'],
  ['', ''],
  ['---', ''],
  [`${'A'.repeat(199)} b c`, 'a'.repeat(199)],
]

describe('slugify (built-in transliteration)', () => {
  it.each(SERVER)('%s → %s, as the server does', (input, want) => {
    expect(slugify(input)).toBe(want)
  })

  it('never exceeds the server limit and always matches its pattern', () => {
    for (const [input] of SERVER) {
      const s = slugify(input)
      expect(s.length).toBeLessThanOrEqual(MAX_SLUG)
      if (s !== '') expect(isValidSlug(s)).toBe(true)
    }
  })
})

describe('slugify with an injected transliteration', () => {
  it('uses it for the scripts it covers', () => {
    const hebrew = (t: string) => t.replace(/שלום/g, 'shalom')
    expect(slugify('שלום עולם', { transliterate: hebrew })).toBe('shalom')
    expect(builtinTransliterate('Щ')).toBe('sch')
  })
})

describe('previewSlug', () => {
  it('is undefined where the server would generate a random slug', () => {
    expect(previewSlug('Hello there')).toBe('hello-there')
    expect(previewSlug('日本語')).toBeUndefined()
    expect(previewSlug(null)).toBeUndefined()
    expect(previewSlug('')).toBeUndefined()
  })
})

describe('isValidSlug', () => {
  it('follows the server pattern', () => {
    expect(isValidSlug('a-b-1')).toBe(true)
    for (const bad of ['', 'A', 'a--b', '-a', 'a-', 'a b', 'ä', 'a'.repeat(201)]) expect(isValidSlug(bad)).toBe(false)
  })
})
