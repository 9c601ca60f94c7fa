import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { content } from '../../db/schema/content.js'
import { categories, contentCategories, contentTags, tags, type CategoryRow, type TagRow } from '../../db/schema/taxonomy.js'

/* The writes of a tag or category merge (merge.service.ts has the rules). */

const BATCH = 500

/** Locks the live tags with these ids, in id order (two merges of one pair cannot deadlock). */
export function lockTags(tx: Tx, ids: readonly string[]): Promise<TagRow[]> {
  return tx
    .select()
    .from(tags)
    .where(and(inArray(tags.id, [...ids]), isNull(tags.deleted_at)))
    .orderBy(asc(tags.id))
    .for('update')
}

/** Locks the live categories with these ids, in id order. */
export function lockCategories(tx: Tx, ids: readonly string[]): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .where(and(inArray(categories.id, [...ids]), isNull(categories.deleted_at)))
    .orderBy(asc(categories.id))
    .for('update')
}

export interface MergedContent {
  id: string
  site_id: string
  content_type: string
}

/**
 * Locks the content items the tag or category is assigned to, in id order, as an assignment change locks its item
 * (their audit states stay exact); before the terms, which an assignment's foreign key check locks after the item.
 */
export function lockContentOf(tx: Tx, kind: 'tag' | 'category', termId: string): Promise<MergedContent[]> {
  const assigned =
    kind === 'tag'
      ? tx.select({ id: contentTags.content_id }).from(contentTags).where(eq(contentTags.tag_id, termId))
      : tx.select({ id: contentCategories.content_id }).from(contentCategories).where(eq(contentCategories.category_id, termId))
  return tx
    .select({ id: content.id, site_id: content.site_id, content_type: content.content_type })
    .from(content)
    .where(inArray(content.id, assigned))
    .orderBy(asc(content.id))
    .for('update')
}

/** Every tag assignment of the content items that have this tag. */
export function tagLinksOfContentWith(tx: Tx, tagId: string): Promise<Array<{ content_id: string; tag_id: string }>> {
  const withTag = tx.select({ id: contentTags.content_id }).from(contentTags).where(eq(contentTags.tag_id, tagId))
  return tx.select({ content_id: contentTags.content_id, tag_id: contentTags.tag_id }).from(contentTags).where(inArray(contentTags.content_id, withTag))
}

/** Every category assignment of the content items that have this category. */
export function categoryLinksOfContentWith(tx: Tx, categoryId: string): Promise<Array<{ content_id: string; category_id: string; is_primary: boolean }>> {
  const withCategory = tx.select({ id: contentCategories.content_id }).from(contentCategories).where(eq(contentCategories.category_id, categoryId))
  return tx
    .select({ content_id: contentCategories.content_id, category_id: contentCategories.category_id, is_primary: contentCategories.is_primary })
    .from(contentCategories)
    .where(inArray(contentCategories.content_id, withCategory))
}

/** Moves every assignment of tag `from` to tag `to`; an item that has both keeps the one of `to`. */
export async function moveTagLinks(tx: Tx, from: string, to: string): Promise<void> {
  await tx
    .insert(contentTags)
    .select(
      tx
        .select({ content_id: contentTags.content_id, tag_id: sql<string>`${to}::uuid`.as('tag_id'), created_at: contentTags.created_at })
        .from(contentTags)
        .where(eq(contentTags.tag_id, from)),
    )
    .onConflictDoNothing()
  await tx.delete(contentTags).where(eq(contentTags.tag_id, from))
}

/**
 * Moves every assignment of category `from` to category `to`. An item that has both keeps the one of `to`; where
 * `from` was the item's primary category, `to` becomes it. (Primary flags move after the old links are gone: an item
 * has at most one primary category at any moment, content_categories_primary_uq.)
 */
export async function moveCategoryLinks(tx: Tx, from: string, to: string): Promise<void> {
  await tx
    .insert(contentCategories)
    .select(
      tx
        .select({
          content_id: contentCategories.content_id,
          category_id: sql<string>`${to}::uuid`.as('category_id'),
          is_primary: sql<boolean>`false`.as('is_primary'),
          created_at: contentCategories.created_at,
        })
        .from(contentCategories)
        .where(eq(contentCategories.category_id, from)),
    )
    .onConflictDoNothing()
  const gone = await tx
    .delete(contentCategories)
    .where(eq(contentCategories.category_id, from))
    .returning({ content_id: contentCategories.content_id, is_primary: contentCategories.is_primary })
  const primary = gone.filter((g) => g.is_primary).map((g) => g.content_id)
  for (let i = 0; i < primary.length; i += BATCH) {
    await tx
      .update(contentCategories)
      .set({ is_primary: true })
      .where(and(eq(contentCategories.category_id, to), inArray(contentCategories.content_id, primary.slice(i, i + BATCH))))
  }
}

export async function softDeleteTag(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(tags).set({ deleted_at: now, updated_at: now }).where(eq(tags.id, id))
}

export async function softDeleteCategory(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(categories).set({ deleted_at: now, updated_at: now }).where(eq(categories.id, id))
}

/** Sets a category's parent; returns it as updated. */
export async function setCategoryParent(tx: Tx, id: string, parentId: string | null, now: Date): Promise<CategoryRow> {
  const [row] = await tx.update(categories).set({ parent_id: parentId, updated_at: now }).where(eq(categories.id, id)).returning()
  return row as CategoryRow
}
