import type { operations } from '@atrium-cms/client'

/*
 * The blog list's URL search params (TanStack Router validateSearch): paging, the status, author, tag and category
 * filters, the order, the text query and its language live in the address, so reload, back and a shared link show the same list.
 * Anything malformed falls back to the default rather than failing the route.
 */
export const BLOG_STATUSES = ['Draft', 'InReview', 'Scheduled', 'Published'] as const
export type BlogStatus = (typeof BLOG_STATUSES)[number]
export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const
export const DEFAULT_PER_PAGE = 20
/** The orders GET /sites/{site_id}/blogs offers (its `sort`, from the client's types). */
export type BlogSort = NonNullable<NonNullable<operations['listSiteBlogs']['parameters']['query']>['sort']>
/** Every order, in the order the control lists them (a record, so an order the endpoint adds or drops fails to compile here). */
const SORTS: Record<BlogSort, true> = {
  '-created_at': true,
  created_at: true,
  '-updated_at': true,
  updated_at: true,
  '-published_date': true,
  published_date: true,
  title: true,
  '-title': true,
}
export const BLOG_SORTS = Object.keys(SORTS) as BlogSort[]
/** The endpoint's default (newest created first), left out of the URL. */
export const DEFAULT_SORT: BlogSort = '-created_at'
/** The author filter's length limit (the endpoint's). */
export const AUTHOR_MAX = 200

export interface BlogListSearch {
  page?: number
  per_page?: number
  status?: BlogStatus
  /** Exact author text. */
  author?: string
  /** Tag id. */
  tag?: string
  /** Category id (the endpoint includes its descendants). */
  category?: string
  sort?: BlogSort
  q?: string
  /** A locale code of the site: the text search looks in that language only (every language of the site without it). */
  locale?: string
}

const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = (v: unknown): string | undefined => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined)

const positiveInt = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

export function validateBlogListSearch(s: Record<string, unknown>): BlogListSearch {
  const page = positiveInt(s.page)
  const perPage = positiveInt(s.per_page)
  const status = BLOG_STATUSES.find((x) => x === s.status)
  const author = typeof s.author === 'string' ? s.author.trim().slice(0, AUTHOR_MAX) : ''
  const tag = uuid(s.tag)
  const category = uuid(s.category)
  const sort = BLOG_SORTS.find((x) => x === s.sort && x !== DEFAULT_SORT)
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  const locale = typeof s.locale === 'string' && s.locale.length <= 35 && LOCALE.test(s.locale) ? s.locale : undefined
  return {
    ...(page && page > 1 ? { page } : {}),
    ...(perPage && (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? { per_page: perPage } : {}),
    ...(status ? { status } : {}),
    ...(author ? { author } : {}),
    ...(tag ? { tag } : {}),
    ...(category ? { category } : {}),
    ...(sort ? { sort } : {}),
    ...(q ? { q } : {}),
    ...(locale ? { locale } : {}),
  }
}
