import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { blogLocalizations, blogs } from '../../db/schema/blogs.js'
import { contentSites } from '../../db/schema/content.js'
import { locales, sites } from '../../db/schema/sites.js'
import { SIMILAR_POINTS } from './similar.rules.js'

/* Queries of the feed and similar blogs (review and scheduler: kits/content-workflow/rules.ts). No rules here. */

const liveBlog = isNull(blogs.deleted_at)

export interface FeedSite {
  name: string
  description: string | null
  url: string | null
  postPath: string
  feedPath: string
  localeCode: string | null
}

/** A live site's name, description, frontend url and post path, and default locale code. */
export async function feedSite(db: ReadDb, siteId: string): Promise<FeedSite | undefined> {
  const [row] = await db
    .select({
      name: sites.name,
      description: sites.description,
      url: sites.url,
      postPath: sites.post_path,
      feedPath: sites.feed_path,
      localeCode: locales.code,
    })
    .from(sites)
    .leftJoin(locales, and(eq(locales.site_id, sites.id), eq(locales.is_default, true)))
    .where(and(eq(sites.id, siteId), isNull(sites.deleted_at)))
    .limit(1)
  return row
}

const cs = contentSites

/** Published in the site at `now` (as the published list has it): live carrier row, status Published, publish_end not passed. */
const publishedIn = (siteId: string, now: Date) =>
  and(
    eq(cs.site_id, siteId),
    eq(cs.content_type, 'blog'),
    sql`${cs.is_live} and ${cs.status} = 'Published'`,
    or(isNull(cs.publish_end), gt(cs.publish_end, now)),
  )

export interface LatestPublished {
  ids: string[]
  /** The earliest publish_end still ahead among the site's published blogs: the set changes then without a write. */
  nextChangeAt: Date | null
}

/** Ids of the site's published blogs, newest first (published_date, then published_at, then content id), at most `limit`. */
export async function latestPublished(db: ReadDb, siteId: string, now: Date, limit: number): Promise<LatestPublished> {
  const where = publishedIn(siteId, now)
  const [rows, [agg]] = await Promise.all([
    db
      .select({ id: blogs.id })
      .from(cs)
      .innerJoin(blogs, and(eq(blogs.content_id, cs.content_id), liveBlog))
      .where(where)
      .orderBy(sql`${cs.published_date} desc nulls last`, sql`${cs.published_at} desc nulls last`, sql`${cs.content_id} desc nulls last`)
      .limit(limit),
    db
      .select({ nextEnd: sql<string | null>`min(${cs.publish_end})` })
      .from(cs)
      .where(where),
  ])
  return { ids: rows.map((r) => r.id), nextChangeAt: agg?.nextEnd ? new Date(agg.nextEnd) : null }
}

/**
 * The first `chars` characters of every non-empty body of these content items, with the locale code: only the start
 * of a (possibly 500 KB) body leaves the database.
 */
export function bodyStarts(db: ReadDb, contentIds: string[], chars: number): Promise<Array<{ content_id: string; code: string; body: string }>> {
  if (contentIds.length === 0) return Promise.resolve([])
  return db
    .select({ content_id: blogLocalizations.content_id, code: locales.code, body: sql<string>`left(${blogLocalizations.body}, ${chars})` })
    .from(blogLocalizations)
    .innerJoin(locales, eq(locales.id, blogLocalizations.locale_id))
    .where(and(inArray(blogLocalizations.content_id, contentIds), isNotNull(blogLocalizations.body), sql`${blogLocalizations.body} <> ''`))
}

/** The live blog's content id and author when the site carries it. */
export async function blogInSite(db: ReadDb, siteId: string, blogId: string): Promise<{ contentId: string; author: string | null } | undefined> {
  const [row] = await db
    .select({ contentId: blogs.content_id, author: blogs.author })
    .from(blogs)
    .innerJoin(contentSites, and(eq(contentSites.content_id, blogs.content_id), eq(contentSites.site_id, siteId), eq(contentSites.is_live, true)))
    .where(and(eq(blogs.id, blogId), liveBlog))
    .limit(1)
  return row
}

const P = SIMILAR_POINTS

/**
 * Similar blogs in one statement (the scoring of similar.rules.ts): every shared live tag, shared live category,
 * same primary category and same author (set, not empty) adds points; only blogs published in the site at `now`,
 * other than the source, with a positive score; score desc, published_date newest first, published_at, id.
 */
export async function similarBlogIds(
  db: ReadDb,
  siteId: string,
  source: { contentId: string; author: string | null },
  now: Date,
  limit: number,
): Promise<Array<{ id: string; score: number }>> {
  const { contentId, author } = source
  const res = await db.execute(sql`
    with src_tags as (
      select ct.tag_id from content_tags ct
      join tags t on t.id = ct.tag_id and t.deleted_at is null
      where ct.content_id = ${contentId}
    ), src_cats as (
      select cc.category_id, cc.is_primary from content_categories cc
      join categories c on c.id = cc.category_id and c.deleted_at is null
      where cc.content_id = ${contentId}
    ), carried as (
      select cs.content_id, cs.published_date, cs.published_at from content_sites cs
      where cs.site_id = ${siteId} and cs.content_type = 'blog' and cs.is_live and cs.status = 'Published'
        and (cs.publish_end is null or cs.publish_end > ${now.toISOString()}::timestamptz) and cs.content_id <> ${contentId}
    ), hits(content_id, points) as (
      select ct.content_id, ${P.tag}::int from content_tags ct join src_tags s on s.tag_id = ct.tag_id
      union all
      select cc.content_id, case when cc.is_primary and s.is_primary then ${P.category + P.primaryCategory}::int else ${P.category}::int end
        from content_categories cc join src_cats s on s.category_id = cc.category_id
      union all
      select b.content_id, ${P.author}::int from carried c join blogs b on b.content_id = c.content_id
        where ${author ?? ''} <> '' and b.author = ${author ?? ''}
    )
    select b.id::text as id, sum(h.points)::int as score
    from hits h
    join carried c on c.content_id = h.content_id
    join blogs b on b.content_id = h.content_id and b.deleted_at is null
    group by b.id, c.published_date, c.published_at
    order by score desc, c.published_date desc nulls last, c.published_at desc nulls last, b.id asc
    limit ${limit}`)
  return rowsOf<{ id: string; score: number | string }>(res).map((r) => ({ id: r.id, score: Number(r.score) }))
}
