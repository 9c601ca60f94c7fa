/* The page list's URL search params: paging lives in the address, so reload, back and a shared link show the same list. */
export const PAGES_PER_PAGE = [10, 20, 50, 100] as const
export const DEFAULT_PAGES_PER_PAGE = 20

export interface PageListSearch {
  page?: number
  per_page?: number
}

const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

/** Paging of the list lives in the URL; anything malformed falls back to the default. */
export function validatePageListSearch(s: Record<string, unknown>): PageListSearch {
  const page = positiveInt(s.page)
  const perPage = positiveInt(s.per_page)
  return {
    ...(page && page > 1 ? { page } : {}),
    ...(perPage && (PAGES_PER_PAGE as readonly number[]).includes(perPage) ? { per_page: perPage } : {}),
  }
}
