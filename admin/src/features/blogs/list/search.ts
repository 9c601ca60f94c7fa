/*
 * The blog list's URL search params (TanStack Router validateSearch): paging, the status filter and the text query
 * live in the address, so reload, back and a shared link show the same list. Anything malformed falls back to the
 * default rather than failing the route.
 */
export const BLOG_STATUSES = ['Draft', 'InReview', 'Scheduled', 'Published'] as const
export type BlogStatus = (typeof BLOG_STATUSES)[number]
export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const
export const DEFAULT_PER_PAGE = 20

export interface BlogListSearch {
  page?: number
  per_page?: number
  status?: BlogStatus
  q?: string
}

const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

export function validateBlogListSearch(s: Record<string, unknown>): BlogListSearch {
  const page = positiveInt(s.page)
  const perPage = positiveInt(s.per_page)
  const status = BLOG_STATUSES.find((x) => x === s.status)
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  return {
    ...(page && page > 1 ? { page } : {}),
    ...(perPage && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? { per_page: perPage } : {}),
    ...(status ? { status } : {}),
    ...(q ? { q } : {}),
  }
}
