import { contentVersion } from '../../core/content-version.js'
import type { Ctx } from '../../core/context.js'
import { registerScope } from '../../core/scope.js'
import { notFound } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { canonicalLocale } from '../sites/locales.js'
import * as q from './queries.js'
import type { Blog, BlogDetail, BlogListItem, FeaturedQuery, ListBlogsQuery, PublishedQuery } from './schemas.js'

/*
 * Blog reads. The published and featured lists and by-slug answers are cached per site under the site's
 * content version (core/content-version.ts): every write bumps the version of each carrying site after
 * commit, so a cached answer is never served after a write has answered, on any instance. A cached list
 * also expires when the earliest publish_end in it passes (that changes the answer without a write).
 */

/** A blog lives in its owning site and every site that carries it; soft-deleted blogs resolve to nothing (404). */
registerScope('blog', async (db, id) => {
  const row = await q.findBlog(db, id)
  if (!row) return undefined
  const siteIds = await q.siteIdsOf(db, row.content_id)
  return { siteId: row.site_id, siteIds: siteIds.length > 0 ? siteIds : [row.site_id] }
})

const CACHE_TTL_MS = 10 * 60 * 1000

interface CacheEntry<T> {
  /** Epoch ms after which the entry is stale (clock time), or null. */
  until: number | null
  value: T
}

function parseEntry<T>(raw: string): CacheEntry<T> | undefined {
  try {
    return JSON.parse(raw) as CacheEntry<T>
  } catch {
    return undefined
  }
}

/** Read-through cache keyed by the site's content version; a cache failure degrades to a plain read. */
async function cached<T>(ctx: Ctx, siteId: string, key: string, load: () => Promise<{ value: T; until: Date | null }>): Promise<T> {
  const version = await contentVersion(ctx.deps, siteId)
  const full = `blogs:${siteId}:${version}:${key}`
  const hit = await ctx.deps.cache.get(full).catch(() => undefined)
  const entry = hit === undefined ? undefined : parseEntry<T>(hit)
  if (entry && (entry.until === null || entry.until > ctx.clock.now().getTime())) return entry.value
  const { value, until } = await load()
  const fresh: CacheEntry<T> = { until: until ? until.getTime() : null, value }
  await ctx.deps.cache.set(full, JSON.stringify(fresh), CACHE_TTL_MS).catch((err: unknown) => ctx.log.warn({ err }, 'blog cache write failed'))
  return value
}

/** The locale query in canonical form (400 for a malformed tag); '' when absent. */
const localeKey = (locale: string | undefined) => (locale === undefined ? '' : canonicalLocale(locale, 'locale'))

/** One live blog (access resolved by the route). 404 when unknown or deleted. */
export async function get(ctx: Ctx, id: string): Promise<Blog> {
  return (await q.findBlogWire(ctx.db, id)) ?? notFound('blog')
}

/** Blog + localizations + categories (with is_primary) + tags + documents. 404 when unknown or deleted. */
export async function detail(ctx: Ctx, id: string): Promise<BlogDetail> {
  return q.detailOf(ctx.db, (await q.findBlog(ctx.db, id)) ?? notFound('blog'))
}

/** Every live blog the site carries, any status (optionally one), newest created first. Not cached. */
export async function list(ctx: Ctx, siteId: string, query: ListBlogsQuery): Promise<Page<BlogListItem>> {
  const locale = localeKey(query.locale) || undefined
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.siteBlogs(ctx.db, siteId, query.status, limit, offset)
  return paginate(await q.itemsForRows(ctx.db, rows, locale), total, query)
}

/** Published blogs of the site (publish_end not passed), newest published_date first; cached per content version. */
export async function published(ctx: Ctx, siteId: string, query: PublishedQuery): Promise<Page<BlogListItem>> {
  const locale = localeKey(query.locale)
  return cached(ctx, siteId, `pub:${query.page}:${query.per_page}:${locale}`, async () => {
    const { limit, offset } = pageWindow(query)
    const page = await q.publishedBlogs(ctx.db, siteId, ctx.clock.now(), limit, offset)
    return { value: paginate(await q.itemsForRows(ctx.db, page.rows, locale || undefined), page.total, query), until: page.nextChangeAt }
  })
}

export interface LimitOffsetPage<T> {
  data: T[]
  meta: { limit: number; offset: number; total: number }
}

/** Published and featured blogs of the site, in published order; limit/offset; cached like the published list. */
export async function featured(ctx: Ctx, siteId: string, query: FeaturedQuery): Promise<LimitOffsetPage<BlogListItem>> {
  const locale = localeKey(query.locale)
  return cached(ctx, siteId, `feat:${query.limit}:${query.offset}:${locale}`, async () => {
    const page = await q.publishedBlogs(ctx.db, siteId, ctx.clock.now(), query.limit, query.offset, true)
    const data = await q.itemsForRows(ctx.db, page.rows, locale || undefined)
    return { value: { data, meta: { limit: query.limit, offset: query.offset, total: page.total } }, until: page.nextChangeAt }
  })
}

/** The live blog with this slug among the site's blogs (any status), as detail; cached per content version. 404 when none. */
export async function bySlug(ctx: Ctx, siteId: string, slug: string): Promise<BlogDetail> {
  return cached(ctx, siteId, `slug:${slug}`, async () => {
    const row = (await q.blogBySlug(ctx.db, siteId, slug)) ?? notFound('blog')
    return { value: await q.detailOf(ctx.db, row), until: null }
  })
}
