import type { Schemas } from '@atrium-cms/client'

/** A hit of the post search, with the locale it was found in. */
export type LocaleHit = Schemas['SearchHit'] & { locale: string }

/**
 * The hits of one search run in several locales (the search endpoint looks in one language at a time), as one list:
 * a post found in several languages once, by its best hit (the highest rank; on a tie, the first locale given), then
 * ordered as the endpoint orders (rank, then newest published, then id).
 */
export function mergeHits(perLocale: ReadonlyArray<{ locale: string; hits: readonly Schemas['SearchHit'][] }>): LocaleHit[] {
  const best = new Map<string, LocaleHit>()
  for (const { locale, hits } of perLocale)
    for (const h of hits) {
      const seen = best.get(h.id)
      if (!seen || h.rank > seen.rank) best.set(h.id, { ...h, locale })
    }
  return [...best.values()].sort((a, b) => b.rank - a.rank || (b.published_at ?? '').localeCompare(a.published_at ?? '') || a.id.localeCompare(b.id))
}
