/** The site search screen's URL search params: the query, the content types, the page. */
export const SEARCH_TYPES = ['blog', 'page', 'document'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]
export const PER_PAGE = 20

export interface SiteSearch {
  q?: string
  /** Comma-separated subset; absent: all. */
  types?: string
  page?: number
}

export function validateSiteSearch(s: Record<string, unknown>): SiteSearch {
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  const types = typeof s.types === 'string' ? typesOf(s.types) : []
  const page = Number(s.page)
  return {
    ...(q ? { q } : {}),
    ...(types.length > 0 && types.length < SEARCH_TYPES.length ? { types: types.join(',') } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}

/** The chosen types, in a fixed order, unknown ones dropped; all when none is named. */
export function typesOf(raw: string | undefined): SearchType[] {
  const named = (raw ?? '').split(',').map((x) => x.trim())
  return SEARCH_TYPES.filter((x) => named.includes(x))
}
