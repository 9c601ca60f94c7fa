import { Type } from 'typebox'
import { createHash } from 'node:crypto'
import { cachedBytes, jsonCache, splitFirstLine, type RawJson } from '../../core/read-cache.js'
import type { Ctx } from '../../core/context.js'
import { scheduledSource } from '../../kits/content-workflow/rules.js'
import { notFound } from '../../http/errors.js'
import { DESCRIPTION_CHARS, FEED_MAX_ITEMS, FEED_TTL_MS, cutOnWord, etagMatches, etagOf, markdownText, renderRss, type FeedItem } from './feed.rules.js'
import { blogEntity, blogWorkflow } from './entity.js'
import * as q from './queries.js'
import type { BlogListItem } from './schemas.js'
import { withImages } from './images.service.js'
import type { WithImageRows } from './public-read.queries.js'
import * as wq from './workflow.queries.js'
import { SimilarBlog, type SimilarQuery } from './workflow.schemas.js'

const similarCache = jsonCache('blogs-similar', Type.Array(SimilarBlog))
const SIMILAR_RECHECK_MS = 5 * 60 * 1000

/** Scheduled blogs for the scheduler (kits/content-workflow/scheduled-publish.ts): claim a due one, publish it. */
export const scheduledBlogs = scheduledSource(blogWorkflow)

/**
 * GET /sites/{site_id}/blogs/{id}/similar (Read): the similarity score (similar.rules.ts) computed in SQL, published
 * blogs of the site only, best first; [] when none. 404 when the site does not carry the blog.
 */
export async function similar(ctx: Ctx, siteId: string, id: string, query: SimilarQuery): Promise<RawJson> {
  const locale = query.locale ?? ''
  return similarCache.get(ctx, siteId, `${id}:${query.limit}:${locale}`, async () => {
    const now = ctx.clock.now()
    const source = (await wq.blogInSite(ctx.db, siteId, id)) ?? notFound(blogEntity)
    const scored = await wq.similarBlogIds(ctx.db, siteId, source, now, query.limit)
    const scores = new Map(scored.map((s) => [s.id, s.score]))
    const items = await q.listItemsByIds(
      ctx.db,
      scored.map((s) => s.id),
      query.locale,
    )
    // A publish_end passing changes the answer without a write: re-score at least every few minutes.
    return { value: items.map((item) => ({ ...withImages(ctx, item), score: scores.get(item.id) ?? 0 })), until: new Date(now.getTime() + SIMILAR_RECHECK_MS) }
  })
}

export interface FeedAnswer {
  etag: string
  /** True when the caller's If-None-Match names the current ETag: answer 304 without a body. */
  notModified: boolean
  /** The feed as UTF-8, as cached. */
  body: Buffer
}

interface CachedFeed {
  etag: string
  /** Clock time (ms) after which the feed changes without a write (a publish_end passing); null: none. */
  until: number | null
  body: string
}

/** Where a post lives on the site's frontend: url + post_path with {slug} filled in (the bare path without a url). */
export function postLink(site: Pick<wq.FeedSite, 'url' | 'postPath'>, slug: string): string {
  const path = site.postPath.split('{slug}').join(encodeURIComponent(slug))
  return site.url === null ? path : `${site.url.replace(/\/+$/, '')}${path}`
}

/** Where the feed lives on the site's frontend: url + feed_path; null without a url (the feed never names the API). */
export function feedSelfUrl(site: Pick<wq.FeedSite, 'url' | 'feedPath'>): string | null {
  return site.url === null ? null : `${site.url.replace(/\/+$/, '')}${site.feedPath}`
}

/** Markdown characters read per body for a description: room for markup, links and code around 300 characters of text. */
const BODY_READ_CHARS = 4000

/**
 * RSS: pubDate is the post's published_date (the date it shows, which may be backdated;
 * published_at only when it has none), the description its excerpt, else the start of its body as plain text.
 */
function feedItem(b: WithImageRows<BlogListItem>, site: wq.FeedSite, bodyText: string | undefined): FeedItem {
  const date = b.published_date ? `${b.published_date}T00:00:00Z` : b.published_at
  return {
    title: b.title || b.slug,
    description: b.excerpt || bodyText || null,
    link: postLink(site, b.slug),
    guid: b.id,
    pubDate: date === null ? null : new Date(date),
    author: b.author,
    categories: b.categories.map((c) => c.name),
  }
}

/** The plain-text start of the body in each item's own locale, for the items without excerpt. */
async function bodyTexts(ctx: Ctx, items: WithImageRows<BlogListItem>[]): Promise<Map<string, string>> {
  const wanted = items.filter((b) => !b.excerpt && b.locale !== null)
  const out = new Map<string, string>()
  if (wanted.length === 0) return out
  const codeOf = new Map(wanted.map((b) => [b.content_id, b.locale]))
  for (const row of await wq.bodyStarts(ctx.db, [...codeOf.keys()], BODY_READ_CHARS)) {
    if (codeOf.get(row.content_id) !== row.code) continue
    const text = cutOnWord(markdownText(row.body), DESCRIPTION_CHARS)
    if (text !== '') out.set(row.content_id, text)
  }
  return out
}

async function renderFeed(ctx: Ctx, siteId: string, site: wq.FeedSite): Promise<CachedFeed> {
  const now = ctx.clock.now()
  const latest = await wq.latestPublished(ctx.db, siteId, now, FEED_MAX_ITEMS)
  const items = await q.listItemsByIds(ctx.db, latest.ids, site.localeCode ?? undefined)
  const bodies = await bodyTexts(ctx, items)
  const body = renderRss(
    {
      title: site.name,
      description: site.description ?? '',
      link: site.url ?? '/',
      selfUrl: feedSelfUrl(site),
      language: site.localeCode,
      generator: ctx.deps.config.appName,
    },
    items.map((b) => feedItem(b, site, bodies.get(b.content_id))),
  )
  return { etag: etagOf(body), until: latest.nextChangeAt?.getTime() ?? null, body }
}

/**
 * GET /sites/{site_id}/feed.rss (Read): RSS 2.0 of the site's last 50 published blogs in its default locale.
 * Cached for an hour under the site's content version (a publish, change or removal, and a change of the site's
 * name, description, url, post_path, feed_path or default locale answers fresh at once, on every instance); ETag /
 * If-None-Match. 404 unknown site. Links: the site's url + post_path, the feed itself url + feed_path: nothing in it depends on how the caller reached the API.
 */
export async function feed(ctx: Ctx, siteId: string, ifNoneMatch?: string): Promise<FeedAnswer> {
  // Site name, description, url, post_path, feed_path and locales are part of the feed: site, settings and locale
  // writes bump the content version too.
  const variant = createHash('sha256').update(ctx.deps.config.appName).digest('base64url')
  const stored = await cachedBytes(
    ctx,
    'feed',
    siteId,
    variant,
    async () => {
      const site = (await wq.feedSite(ctx.db, siteId)) ?? notFound('site')
      const rendered = await renderFeed(ctx, siteId, site)
      return { value: `${rendered.etag}\n${rendered.body}`, until: rendered.until === null ? null : new Date(rendered.until) }
    },
    FEED_TTL_MS,
  )
  const [etag, body] = splitFirstLine(stored)
  return { etag, notModified: etagMatches(ifNoneMatch, etag), body }
}
