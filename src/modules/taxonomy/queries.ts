import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { contentSites } from '../../db/schema/content.js'
import { sites } from '../../db/schema/sites.js'
import { categories, contentCategories, contentTags, tags, type CategoryRow, type TagRow } from '../../db/schema/taxonomy.js'

/* Tags and categories are live when neither they nor their site is soft-deleted. */
const liveTag = isNull(tags.deleted_at)
const liveCategory = isNull(categories.deleted_at)
const tagCols = getTableColumns(tags)
const categoryCols = getTableColumns(categories)
const liveSiteOf = (siteId: typeof tags.site_id | typeof categories.site_id) => and(eq(sites.id, siteId), isNull(sites.deleted_at))

// ---- tags -------------------------------------------------------------------------------------------------

export async function findTag(db: ReadDb, id: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select(tagCols)
    .from(tags)
    .innerJoin(sites, liveSiteOf(tags.site_id))
    .where(and(eq(tags.id, id), liveTag))
    .limit(1)
  return row
}

/** Live tags with this slug in live sites, among siteIds (undefined: every site); at most one per site. */
export function findTagsBySlug(db: ReadDb, slug: string, siteIds: string[] | undefined): Promise<TagRow[]> {
  if (siteIds && siteIds.length === 0) return Promise.resolve([])
  return db
    .select(tagCols)
    .from(tags)
    .innerJoin(sites, liveSiteOf(tags.site_id))
    .where(and(eq(tags.slug, slug), liveTag, siteIds ? inArray(tags.site_id, siteIds) : undefined))
    .orderBy(asc(tags.site_id))
}

/** Live tags of the given content items, ordered by name (one query for any number of items). */
export function tagsOfContent(db: ReadDb, contentIds: string[]): Promise<Array<TagRow & { content_id: string }>> {
  if (contentIds.length === 0) return Promise.resolve([])
  return db
    .select({ ...tagCols, content_id: contentTags.content_id })
    .from(contentTags)
    .innerJoin(tags, and(eq(tags.id, contentTags.tag_id), liveTag))
    .where(inArray(contentTags.content_id, contentIds))
    .orderBy(asc(tags.name), asc(tags.id))
}

// ---- categories -------------------------------------------------------------------------------------------

const categoryOrder = [asc(categories.display_order), asc(categories.name), asc(categories.id)]

export async function findCategory(db: ReadDb, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryCols)
    .from(categories)
    .innerJoin(sites, liveSiteOf(categories.site_id))
    .where(and(eq(categories.id, id), liveCategory))
    .limit(1)
  return row
}

export function listChildren(db: ReadDb, parentId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.parent_id, parentId), liveCategory))
    .orderBy(...categoryOrder)
}

/** Live categories of the given content items with is_primary, primary first (one query). */
export function categoriesOfContent(db: ReadDb, contentIds: string[]): Promise<Array<CategoryRow & { content_id: string; is_primary: boolean }>> {
  if (contentIds.length === 0) return Promise.resolve([])
  return db
    .select({ ...categoryCols, content_id: contentCategories.content_id, is_primary: contentCategories.is_primary })
    .from(contentCategories)
    .innerJoin(categories, and(eq(categories.id, contentCategories.category_id), liveCategory))
    .where(inArray(contentCategories.content_id, contentIds))
    .orderBy(desc(contentCategories.is_primary), ...categoryOrder)
}

/**
 * Every live category of the site with the number of Published, non-deleted blogs assigned to it that the
 * site carries (its own and, through content_sites, shared ones). One query; categories without blogs count 0.
 */
export function categoryBlogCounts(
  db: ReadDb,
  siteId: string,
): Promise<Array<{ id: string; parent_id: string | null; name: string; slug: string; blog_count: number }>> {
  // Raw aliases: drizzle leaves columns unqualified in a single-table select, which would be ambiguous here.
  // content_sites holds each carrying site's copy of the blog's status; retired (deleted) blogs are not live there.
  const blogCount = sql<number>`(
    select count(*) from ${contentCategories} cc
    join ${contentSites} cs on cs.content_id = cc.content_id and cs.site_id = "categories"."site_id" and cs.is_live
      and cs.content_type = 'blog' and cs.status = 'Published'
    where cc.category_id = "categories"."id"
  )::int`
  return db
    .select({ id: categories.id, parent_id: categories.parent_id, name: categories.name, slug: categories.slug, blog_count: blogCount })
    .from(categories)
    .where(and(eq(categories.site_id, siteId), liveCategory))
    .orderBy(...categoryOrder)
}

// ---- content assignment -----------------------------------------------------------------------------------

/** Tags and categories are the terms content is filed under; their link tables. */
export type Term = 'tag' | 'category'
const links = {
  tag: { table: contentTags, termId: contentTags.tag_id },
  category: { table: contentCategories, termId: contentCategories.category_id },
} as const

/** Sites that carry (live) any content assigned to the tag or category, for cache refresh. */
export async function sitesShowing(db: ReadDb, kind: Term, id: string): Promise<string[]> {
  const { table, termId } = links[kind]
  const rows = await db
    .selectDistinct({ site_id: contentSites.site_id })
    .from(table)
    .innerJoin(contentSites, and(eq(contentSites.content_id, table.content_id), eq(contentSites.is_live, true)))
    .where(eq(termId, id))
  return rows.map((r) => r.site_id)
}

export async function contentTagIds(db: ReadDb, contentId: string): Promise<string[]> {
  const rows = await db.select({ id: contentTags.tag_id }).from(contentTags).where(eq(contentTags.content_id, contentId)).orderBy(asc(contentTags.tag_id))
  return rows.map((r) => r.id)
}

export function contentCategoryLinks(db: ReadDb, contentId: string): Promise<Array<{ category_id: string; is_primary: boolean }>> {
  return db
    .select({ category_id: contentCategories.category_id, is_primary: contentCategories.is_primary })
    .from(contentCategories)
    .where(eq(contentCategories.content_id, contentId))
    .orderBy(asc(contentCategories.category_id))
}

export async function insertContentTag(tx: Tx, contentId: string, tagId: string, now: Date): Promise<void> {
  await tx.insert(contentTags).values({ content_id: contentId, tag_id: tagId, created_at: now }).onConflictDoNothing()
}

/** Upserts the assignment; a primary one first clears the content's previous primary. */
export async function upsertContentCategory(tx: Tx, contentId: string, categoryId: string, isPrimary: boolean, now: Date): Promise<void> {
  if (isPrimary) {
    await tx
      .update(contentCategories)
      .set({ is_primary: false })
      .where(and(eq(contentCategories.content_id, contentId), eq(contentCategories.is_primary, true), ne(contentCategories.category_id, categoryId)))
  }
  await tx
    .insert(contentCategories)
    .values({ content_id: contentId, category_id: categoryId, is_primary: isPrimary, created_at: now })
    .onConflictDoUpdate({ target: [contentCategories.content_id, contentCategories.category_id], set: { is_primary: isPrimary } })
}

/** Removes a tag or category from a content item; false when it was not assigned. */
export async function deleteContentTerm(tx: Tx, kind: Term, contentId: string, termId: string): Promise<boolean> {
  const { table, termId: col } = links[kind]
  const rows = await tx
    .delete(table)
    .where(and(eq(table.content_id, contentId), eq(col, termId)))
    .returning({ id: col })
  return rows.length > 0
}
