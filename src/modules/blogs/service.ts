import { satisfies } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { RecordScope } from '../../core/entities.js'
import { notFound } from '../../http/errors.js'
import { cachedBytes, jsonCache, jsonWindowCache, type RawJson, type RawWindow } from '../../core/read-cache.js'
import { Paginated, paginate, pageWindow, type Page } from '../../http/pagination.js'
import { canonicalLocale } from '../sites/locale-codes.rules.js'
import { blogEntity } from './entity.js'
import * as q from './queries.js'
import * as dq from './public-read.queries.js'
import type { WithImageRows } from './public-read.queries.js'
import { withImages } from './images.service.js'
import type { BlogRow } from '../../db/schema/blogs.js'
import { BLOG_LIST_DEFAULT_SORT, BlogDetail, BlogListItem, Blog, type FeaturedQuery, type ListBlogsQuery, type PublishedQuery } from './schemas.js'

/*
 * Blog reads. The published and featured lists and by-slug answers are cached per site under the site's
 * content version (core/content-version.ts): every write bumps the version of each carrying site after
 * commit, so a cached answer is never served after a write has answered, on any instance. A cached list
 * also expires when the earliest publish_end in it passes (that changes the answer without a write).
 */

const publishedCache = jsonCache('blogs-published', Paginated(BlogListItem))
const featuredCache = jsonWindowCache('blogs-featured', BlogListItem)
const detailCache = jsonCache('blog-detail', BlogDetail, Blog)

/** The locale query in canonical form (400 for a malformed tag); '' when absent. */
const localeKey = (locale: string | undefined) => (locale === undefined ? '' : canonicalLocale(locale, 'locale'))

/** One live blog (access resolved by the route). 404 when unknown or deleted. */
export async function get(ctx: Ctx, id: string): Promise<Blog> {
  return (await q.findBlogWire(ctx.db, id)) ?? notFound(blogEntity)
}

/**
 * Blog + localizations + categories (with is_primary) + tags + documents. 404 when unknown or deleted.
 * Cached under the owning site's content version (every write to the blog bumps it); `scope` is the one the
 * route's access check resolved (saves looking the blog up again).
 */
export async function detail(ctx: Ctx, id: string, scope?: RecordScope): Promise<RawJson> {
  const ownerSite = scope?.siteId ?? ((await q.findBlog(ctx.db, id)) ?? notFound(blogEntity)).site_id
  const loaded = loadedForScope.get(ctx)
  const inHand = loaded?.id === id ? loaded.detail : undefined
  return detailCache.get(
    ctx,
    { site: ownerSite, record: `blog:${id}` },
    'id',
    async () => ({ value: withImages(ctx, inHand ?? (await dq.detailById(ctx.db, id)) ?? notFound(blogEntity)), until: null }),
    inHand !== undefined,
  )
}

/** Details loaded by detailScope for the request's access check, for the handler to answer with. */
const loadedForScope = new WeakMap<Ctx, { id: string; detail: WithImageRows<BlogDetail> }>()

/**
 * The blog's scope from its detail (GET /blogs/{id}/detail's ScopeLoad): when the scope is not remembered, a miss
 * is then one statement instead of the scope's and the detail's. The detail statement finds live blogs only, and
 * its site_id and site_ids (carrying sites by position, owner first) are what the blog's scope resolver answers.
 */
export async function detailScope(ctx: Ctx, id: string): Promise<RecordScope | undefined> {
  const found = await dq.detailById(ctx.db, id)
  if (!found) return undefined
  loadedForScope.set(ctx, { id, detail: found })
  return { siteId: found.site_id, siteIds: found.site_ids.length > 0 ? found.site_ids : [found.site_id] }
}

/**
 * Every live blog the site carries, any status, optionally filtered by status, author, tag and category (with its
 * descendants), in the query's order (newest created first by default). Not cached.
 */
export async function list(ctx: Ctx, siteId: string, query: ListBlogsQuery): Promise<Page<BlogListItem>> {
  const locale = localeKey(query.locale) || undefined
  const { limit, offset } = pageWindow(query)
  const filter = {
    status: query.status,
    author: query.author,
    tagId: query.tag,
    categoryId: query.category,
    sort: query.sort ?? BLOG_LIST_DEFAULT_SORT,
    locale,
  }
  const { rows, total } = await q.siteBlogs(ctx.db, siteId, filter, limit, offset)
  return paginate(
    (await q.itemsForRows(ctx.db, rows, locale)).map((item) => withImages(ctx, item)),
    total,
    query,
  )
}

/**
 * How many blogs the site has published (optionally featured ones) and when that changes without a write (the
 * earliest publish_end ahead). Cached under the site's list version like the lists, so the pages of one list
 * share one count instead of recounting the site on every page's miss.
 */
async function publishedTotal(ctx: Ctx, siteId: string, featuredOnly: boolean): Promise<{ total: number; nextChangeAt: Date | null }> {
  const body = await cachedBytes(ctx, 'blogs-published-total', siteId, featuredOnly ? 'featured' : 'all', async () => {
    const count = await dq.publishedCount(ctx.db, siteId, ctx.clock.now(), featuredOnly)
    return { value: JSON.stringify([count.total, count.nextChangeAt?.getTime() ?? null]), until: count.nextChangeAt }
  })
  const [total, next] = JSON.parse(body.toString()) as [number, number | null]
  return { total, nextChangeAt: next === null ? null : new Date(next) }
}

/** One window of the published (or featured) list with the list's total; a miss is one statement, two when the total is not cached. */
async function publishedWindow(ctx: Ctx, siteId: string, limit: number, offset: number, featuredOnly: boolean, locale: string) {
  const [count, items] = await Promise.all([
    publishedTotal(ctx, siteId, featuredOnly),
    dq.publishedItems(ctx.db, siteId, ctx.clock.now(), limit, offset, featuredOnly, locale || undefined),
  ])
  // The answer changes when the listed set does: the total's next change is the earliest for any window.
  return { items: items.map((item) => withImages(ctx, item)), total: count.total, until: count.nextChangeAt }
}

/** Published blogs of the site (publish_end not passed), newest published_date first; cached per content version. */
export async function published(ctx: Ctx, siteId: string, query: PublishedQuery): Promise<RawJson> {
  const locale = localeKey(query.locale)
  return publishedCache.get(ctx, siteId, `pub:${query.page}:${query.per_page}:${locale}`, async () => {
    const { limit, offset } = pageWindow(query)
    const w = await publishedWindow(ctx, siteId, limit, offset, false, locale)
    return { value: paginate(w.items, w.total, query), until: w.until }
  })
}

/**
 * Published and featured blogs of the site, in published order; limit/offset; cached like the published list.
 * A plain array; `total` goes into the X-Total-Count header.
 */
export async function featured(ctx: Ctx, siteId: string, query: FeaturedQuery): Promise<RawWindow> {
  const locale = localeKey(query.locale)
  return featuredCache.get(ctx, siteId, `feat:${query.limit}:${query.offset}:${locale}`, async () => {
    const w = await publishedWindow(ctx, siteId, query.limit, query.offset, true, locale)
    return { value: { items: w.items, total: w.total }, until: w.until }
  })
}

const dateOf = (t: string | Date | null): Date | null => (t === null ? null : new Date(t))

/** Live at `now`: Published and inside publish_start/publish_end (what a Read-level caller may see by slug). */
export function isLive(row: Pick<BlogRow, 'status' | 'publish_start' | 'publish_end'>, now: Date): boolean {
  const t = now.getTime()
  return (
    row.status === 'Published' &&
    (row.publish_start === null || row.publish_start.getTime() <= t) &&
    (row.publish_end === null || row.publish_end.getTime() > t)
  )
}

/**
 * The live blog with this slug among the site's blogs, as detail; cached per record (core/read-cache.ts). Public lookup
 *: Write and above on the site see any status (previews); Read-level callers only a blog
 * that is live now, anything else is 404 for them. The two audiences are cached apart. 404 when none.
 */
export async function bySlug(ctx: Ctx, siteId: string, slug: string): Promise<RawJson> {
  const preview = satisfies(ctx.principal, siteId, 'Write')
  return detailCache.get(ctx, { site: siteId, record: `blog:slug:${siteId}:${slug}` }, preview ? 'slug' : 'live-slug', async () => {
    const found = (await dq.detailBySlug(ctx.db, siteId, slug)) ?? notFound(blogEntity)
    const window = { status: found.status, publish_start: dateOf(found.publish_start), publish_end: dateOf(found.publish_end) }
    if (!preview && !isLive(window, ctx.clock.now())) notFound(blogEntity)
    // A live answer stops being one when publish_end passes, without a write.
    return { value: withImages(ctx, found), until: preview ? null : window.publish_end }
  })
}
