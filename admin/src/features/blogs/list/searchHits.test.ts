import type { Schemas } from '@atrium-cms/client'
import { describe, expect, it } from 'vitest'
import { mergeHits } from './searchHits'

const hit = (id: string, rank: number, title: string, published_at: string | null = null): Schemas['SearchHit'] => ({
  type: 'blog',
  id,
  slug: id,
  route: null,
  title,
  snippet: null,
  rank,
  published_at,
})

describe('mergeHits', () => {
  it('lists a post found in several locales once, by its best hit, with that locale', () => {
    const merged = mergeHits([
      { locale: 'en', hits: [hit('a', 0.2, 'Gardens'), hit('b', 0.1, 'Tulips')] },
      { locale: 'de', hits: [hit('a', 0.5, 'Gärten'), hit('c', 0.3, 'Zwiebeln')] },
    ])
    expect(merged.map((h) => [h.id, h.locale, h.title])).toEqual([
      ['a', 'de', 'Gärten'],
      ['c', 'de', 'Zwiebeln'],
      ['b', 'en', 'Tulips'],
    ])
  })
  it('keeps the first locale on a tie and orders equal ranks by newest published', () => {
    const merged = mergeHits([
      { locale: 'en', hits: [hit('a', 0.3, 'A', '2026-01-01T00:00:00Z'), hit('b', 0.3, 'B', '2026-02-01T00:00:00Z')] },
      { locale: 'de', hits: [hit('a', 0.3, 'A de')] },
    ])
    expect(merged.map((h) => [h.id, h.locale])).toEqual([
      ['b', 'en'],
      ['a', 'en'],
    ])
  })
})
