import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { carriersOf } from '../../core/content.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { imagesById, type ImageRow } from '../../db/image-embed.js'
import { blogLocalizations, blogs, type BlogLocalizationRow, type BlogRow, type ContentStatus } from '../../db/schema/blogs.js'
import { contentSites } from '../../db/schema/content.js'
import { locales } from '../../db/schema/sites.js'
import { categories, contentCategories, contentTags, tags } from '../../db/schema/taxonomy.js'
import type { Blog, BlogListItem, BlogListSort, CategoryRef, TagRef } from './schemas.js'
import type { WithImageRows } from './public-read.queries.js'
import { tableRows } from '../../kits/rows/rules.js'

/*
 * Blog reads are batch reads: a page of any size costs the same handful of queries (ids, then one
 * inArray query per related table). The public reads (published and featured lists, detail, by slug) are
 * single statements in public-read.queries.ts; they scan content_sites_published_idx, which holds the blog's
 * workflow state for every carrying site (kept in sync by a trigger, see schema/content.ts).
 */

const liveBlog = isNull(blogs.deleted_at)
const cs = contentSites

/** The wire form of a blog row plus its carrying sites (owning site first). */
export function toBlog(row: BlogRow, siteIds: string[] | undefined): Blog {
  return {
    id: row.id,
    content_id: row.content_id,
    site_id: row.site_id,
    site_ids: siteIds && siteIds.length > 0 ? siteIds : [row.site_id],
    slug: row.slug,
    author: row.author,
    status: row.status,
    published_date: row.published_date,
    published_at: row.published_at,
    publish_start: row.publish_start,
    publish_end: row.publish_end,
    is_featured: row.is_featured,
    allow_comments: row.allow_comments,
    reading_time_minutes: row.reading_time_minutes,
    cover_image_id: row.cover_image_id,
    header_image_id: row.header_image_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** A live (not soft-deleted) blog row. */
export function findBlog(db: ReadDb, id: string): Promise<BlogRow | undefined> {
  return db.query.blogs.findFirst({ where: and(eq(blogs.id, id), liveBlog) })
}

/** The blog with its site_ids, or undefined when unknown or deleted. */
export async function findBlogWire(db: ReadDb, id: string): Promise<Blog | undefined> {
  const row = await findBlog(db, id)
  if (!row) return undefined
  return toBlog(row, (await carriersOf(db, [row.content_id])).get(row.content_id))
}

/** Carrying sites of a content item, owning site first. */
export async function siteIdsOf(db: ReadDb, contentId: string): Promise<string[]> {
  return (await carriersOf(db, [contentId])).get(contentId) ?? []
}

interface LocSummary {
  content_id: string
  locale_id: string
  title: string | null
  subtitle: string | null
  excerpt: string | null
  code: string
  is_default: boolean
  created_at: Date
}

/** Picks the localization for a list item: the requested code, else the default locale, else the oldest. */
function pickLocalization(locs: LocSummary[], code: string | undefined): LocSummary | undefined {
  const wanted = code?.toLowerCase()
  return (
    (wanted ? locs.find((l) => l.code.toLowerCase() === wanted) : undefined) ??
    locs.find((l) => l.is_default) ??
    [...locs].sort((a, b) => a.created_at.getTime() - b.created_at.getTime())[0]
  )
}

/** The locales of a blog's localizations in the detail's order: default locale first, then by code. */
function localeIdsOf(locs: LocSummary[]): string[] {
  return [...locs].sort((a, b) => Number(b.is_default) - Number(a.is_default) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)).map((l) => l.locale_id)
}

function groupBy<T extends { content_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const r of rows) {
    const list = out.get(r.content_id) ?? []
    list.push(r)
    out.set(r.content_id, list)
  }
  return out
}

function tagRows(db: ReadDb, contentIds: string[]) {
  return db
    .select({ content_id: contentTags.content_id, id: tags.id, name: tags.name, slug: tags.slug })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tag_id))
    .where(and(inArray(contentTags.content_id, contentIds), isNull(tags.deleted_at)))
    .orderBy(asc(tags.name), asc(tags.id))
}

function categoryRows(db: ReadDb, contentIds: string[]) {
  return db
    .select({
      content_id: contentCategories.content_id,
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      is_primary: contentCategories.is_primary,
    })
    .from(contentCategories)
    .innerJoin(categories, eq(categories.id, contentCategories.category_id))
    .where(and(inArray(contentCategories.content_id, contentIds), isNull(categories.deleted_at)))
    .orderBy(desc(contentCategories.is_primary), asc(categories.name), asc(categories.id))
}

const tagRef = ({ id, name, slug }: TagRef): TagRef => ({ id, name, slug })
const categoryRef = ({ id, name, slug, is_primary }: CategoryRef): CategoryRef => ({ id, name, slug, is_primary })

/** The image with its alt text in `code` when it has one there (the list item's locale). */
function inLocale(img: ImageRow | undefined, code: string | undefined): ImageRow | null {
  if (!img) return null
  const alt = code ? Object.entries(img.alt_texts).find(([k]) => k.toLowerCase() === code.toLowerCase())?.[1] : undefined
  return alt === undefined ? img : { ...img, alt }
}

/** List items for blog rows, in the rows' order: five batch queries whatever the number of rows. */
export async function itemsForRows(db: ReadDb, rows: BlogRow[], localeCode?: string): Promise<WithImageRows<BlogListItem>[]> {
  if (rows.length === 0) return []
  const contentIds = [...new Set(rows.map((r) => r.content_id))]
  const mediaIds = [...new Set(rows.flatMap((r) => [r.cover_image_id, r.header_image_id]).filter((id): id is string => id !== null))]
  const [carriers, locs, tagList, catList, images] = await Promise.all([
    carriersOf(db, contentIds),
    db
      .select({
        content_id: blogLocalizations.content_id,
        locale_id: blogLocalizations.locale_id,
        title: blogLocalizations.title,
        subtitle: blogLocalizations.subtitle,
        excerpt: blogLocalizations.excerpt,
        code: locales.code,
        is_default: locales.is_default,
        created_at: blogLocalizations.created_at,
      })
      .from(blogLocalizations)
      .innerJoin(locales, eq(locales.id, blogLocalizations.locale_id))
      .where(inArray(blogLocalizations.content_id, contentIds)),
    tagRows(db, contentIds),
    categoryRows(db, contentIds),
    imagesById(db, mediaIds),
  ])
  const locsBy = groupBy(locs)
  const tagsBy = groupBy(tagList)
  const catsBy = groupBy(catList)
  return rows.map((row) => {
    const rowLocs = locsBy.get(row.content_id) ?? []
    const loc = pickLocalization(rowLocs, localeCode)
    return {
      ...toBlog(row, carriers.get(row.content_id)),
      title: loc?.title ?? null,
      subtitle: loc?.subtitle ?? null,
      excerpt: loc?.excerpt ?? null,
      locale: loc?.code ?? null,
      locale_ids: localeIdsOf(rowLocs),
      cover_image: inLocale(row.cover_image_id ? images.get(row.cover_image_id) : undefined, loc?.code),
      header_image: inLocale(row.header_image_id ? images.get(row.header_image_id) : undefined, loc?.code),
      tags: (tagsBy.get(row.content_id) ?? []).map(tagRef),
      categories: (catsBy.get(row.content_id) ?? []).map(categoryRef),
    }
  })
}

/** List items for live blogs, in the order of `ids` (unknown or deleted ids are left out); bounded queries. */
export async function listItemsByIds(db: ReadDb, ids: string[], localeCode?: string): Promise<WithImageRows<BlogListItem>[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(blogs)
    .where(and(inArray(blogs.id, ids), liveBlog))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is BlogRow => r !== undefined)
  return itemsForRows(db, ordered, localeCode)
}

/** Filters and order of the site's blog list (GET /sites/{site_id}/blogs). */
export interface SiteBlogFilter {
  status?: ContentStatus
  author?: string
  tagId?: string
  /** The category or any of its live descendants. */
  categoryId?: string
  sort: BlogListSort
  /** Canonical locale code whose localization's title `title` sorts by (else the default locale, else the oldest). */
  locale?: string
}

/** Content ids of blogs in the category or any live descendant (categories_parent_idx; union stops on cycles). */
function inCategoryTree(categoryId: string): SQL {
  return sql`exists (
    with recursive tree(id) as (
      select ${categories.id} from ${categories} where ${categories.id} = ${categoryId} and ${categories.deleted_at} is null
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id where c.deleted_at is null
    )
    select 1 from ${contentCategories} where ${contentCategories.content_id} = ${cs.content_id} and ${contentCategories.category_id} in (select id from tree)
  )`
}

/** The blog carries the live tag (content_tags_pk). */
function hasTag(tagId: string): SQL {
  return sql`exists (select 1 from ${contentTags} join ${tags} on ${tags.id} = ${contentTags.tag_id} and ${tags.deleted_at} is null
    where ${contentTags.content_id} = ${cs.content_id} and ${contentTags.tag_id} = ${tagId})`
}

/** The lower-cased title of the localization a list item shows (pickLocalization's choice, in SQL). */
function listTitle(locale: string | undefined): SQL {
  const wanted = locale ? sql`lower(${locales.code}) = ${locale.toLowerCase()} desc,` : sql``
  return sql`(select lower(${blogLocalizations.title}) from ${blogLocalizations} join ${locales} on ${locales.id} = ${blogLocalizations.locale_id}
    where ${blogLocalizations.content_id} = ${blogs.content_id}
    order by ${wanted} ${locales.is_default} desc, ${blogLocalizations.created_at} asc, ${blogLocalizations.id} asc limit 1)`
}

/** ORDER BY of a sort: its keys in the sort's direction (nulls last either way), the id breaking ties. */
function orderOf(sort: BlogListSort, locale: string | undefined): SQL[] {
  const dir = sort.startsWith('-') ? sql`desc` : sql`asc`
  const key = (e: SQL | AnyColumn) => sql`${e} ${dir} nulls last`
  const field = sort.replace(/^-/, '') as 'created_at' | 'updated_at' | 'published_date' | 'title'
  const keys: Array<SQL | AnyColumn> =
    field === 'published_date' ? [blogs.published_date, blogs.published_at, blogs.created_at] : field === 'title' ? [listTitle(locale)] : [blogs[field]]
  return [...keys, blogs.id].map(key)
}

/** Live blogs carried by the site (any status), filtered and ordered, one window with the total. */
export async function siteBlogs(
  db: ReadDb,
  siteId: string,
  filter: SiteBlogFilter,
  limit: number,
  offset: number,
): Promise<{ rows: BlogRow[]; total: number }> {
  const where = and(
    eq(cs.site_id, siteId),
    eq(cs.content_type, 'blog'),
    sql`${cs.is_live}`,
    filter.status ? eq(cs.status, filter.status) : undefined,
    filter.tagId ? hasTag(filter.tagId) : undefined,
    filter.categoryId ? inCategoryTree(filter.categoryId) : undefined,
  )
  // The author lives on the blog row (blogs_author_idx); without it the count needs content_sites alone.
  const byAuthor = filter.author !== undefined ? and(liveBlog, eq(blogs.author, filter.author)) : liveBlog
  const counting =
    filter.author !== undefined
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(cs)
          .innerJoin(blogs, and(eq(blogs.content_id, cs.content_id), byAuthor))
          .where(where)
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(cs)
          .where(where)
  const [page, [counted]] = await Promise.all([
    db
      .select({ blog: blogs })
      .from(cs)
      .innerJoin(blogs, and(eq(blogs.content_id, cs.content_id), byAuthor))
      .where(where)
      .orderBy(...orderOf(filter.sort, filter.locale))
      .limit(limit)
      .offset(offset),
    counting,
  ])
  return { rows: page.map((p) => p.blog), total: counted?.total ?? 0 }
}

/** Localizations of a content item, default locale first, then by code. */
export function localizationsOf(db: ReadDb, contentId: string): Promise<BlogLocalizationRow[]> {
  return db
    .select({ loc: blogLocalizations })
    .from(blogLocalizations)
    .innerJoin(locales, eq(locales.id, blogLocalizations.locale_id))
    .where(eq(blogLocalizations.content_id, contentId))
    .orderBy(desc(locales.is_default), asc(locales.code))
    .then((rows) => rows.map((r) => r.loc))
}

/** Title and body of the localization in the site's default locale (nulls when there is none or they are unset). */
export async function defaultLocalization(db: ReadDb, contentId: string, siteId: string): Promise<{ title: string | null; body: string | null }> {
  const [row] = await db
    .select({ title: blogLocalizations.title, body: blogLocalizations.body })
    .from(blogLocalizations)
    .innerJoin(locales, and(eq(locales.id, blogLocalizations.locale_id), eq(locales.site_id, siteId), sql`${locales.is_default}`))
    .where(eq(blogLocalizations.content_id, contentId))
    .limit(1)
  return row ?? { title: null, body: null }
}

// ---- blog writes ----

const blogRows = tableRows(blogs, liveBlog)
export const insertBlog = blogRows.insert
/** The live blog, locked for the rest of the transaction. */
export const lockBlog = blogRows.lock
export const updateBlog = blogRows.update

/**
 * updateBlog that also answers the post's first non-empty title, default locale first (write.service postLabel's
 * choice, for the audit entry's label), from the same statement: a save reads no localizations (nor their bodies) of
 * its own (bench/README "What one save costs").
 */
export async function updateBlogTitled(tx: Tx, id: string, patch: Partial<typeof blogs.$inferInsert>): Promise<{ row: BlogRow; title: string | null }> {
  const title = sql<string | null>`(select l.title from ${blogLocalizations} l join ${locales} lo on lo.id = l.locale_id
    where l.content_id = "blogs"."content_id" and l.title ~ '\\S' order by lo.is_default desc, lo.code asc limit 1)`
  const [r] = await tx
    .update(blogs)
    .set(patch)
    .where(eq(blogs.id, id))
    .returning({ ...getTableColumns(blogs), label_title: title })
  const { label_title, ...row } = r as BlogRow & { label_title: string | null }
  return { row, title: label_title }
}

/**
 * The first non-empty title of each post (write.service postLabel's choice: default locale first, then by code), by
 * content id, one statement; a post without a title is missing.
 */
export async function firstTitles(db: ReadDb, contentIds: readonly string[]): Promise<Map<string, string>> {
  if (contentIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([blogLocalizations.content_id], { content_id: blogLocalizations.content_id, title: blogLocalizations.title })
    .from(blogLocalizations)
    .innerJoin(locales, eq(locales.id, blogLocalizations.locale_id))
    .where(and(inArray(blogLocalizations.content_id, [...contentIds]), sql`${blogLocalizations.title} ~ '\\S'`))
    .orderBy(blogLocalizations.content_id, desc(locales.is_default), asc(locales.code))
  return new Map(rows.flatMap((r) => (r.title === null ? [] : [[r.content_id, r.title] as const])))
}

/** The live blog of a content item, if the item is a blog. */
export function liveBlogOfContent(db: ReadDb, contentId: string): Promise<BlogRow | undefined> {
  return db.query.blogs.findFirst({ where: and(eq(blogs.content_id, contentId), liveBlog) })
}

/** The live blogs of these content items (those that are blogs), one statement. */
export function liveBlogsOfContent(db: ReadDb, contentIds: readonly string[]): Promise<BlogRow[]> {
  if (contentIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(blogs)
    .where(and(inArray(blogs.content_id, [...contentIds]), liveBlog))
}
