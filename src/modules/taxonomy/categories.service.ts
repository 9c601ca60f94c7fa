import type { Ctx } from '../../core/context.js'
import type { DomainEvent } from '../../core/mutation.js'
import type { ReadDb, Tx } from '../../db/client.js'
import type { CategoryRow } from '../../db/schema/taxonomy.js'
import { validation } from '../../http/errors.js'
import * as q from './queries.js'
import { presentCategory, type Category, type CategoryBlogCount } from './schemas.js'

/*
 * Category rules beyond the site-resource kit: a parent is a live category of the same site and never the
 * category itself or one of its descendants; tree changes of a site run one at a time; deleting a category
 * moves its children up to its parent.
 */

/** Tree moves and deletes of one site are serialised (a parent deleted meanwhile would orphan a child). */
export async function serializeTree(tx: Tx, siteId: string, values: { parent_id?: string | null } | 'delete'): Promise<void> {
  if (values === 'delete' || values.parent_id !== undefined) await q.lockCategoryTree(tx, siteId)
}

/** 400 on parent_id for a parent of another site, the category itself or a descendant (a cycle). */
export async function checkParent(tx: Tx, w: { siteId: string; values: { parent_id?: string | null }; before?: CategoryRow }): Promise<void> {
  const parentId = w.values.parent_id
  if (!parentId || parentId === w.before?.parent_id) return
  if (parentId === w.before?.id) validation('parent_id', 'a category cannot be its own parent')
  const parent = await q.findCategory(tx, parentId)
  if (!parent || parent.site_id !== w.siteId) validation('parent_id', 'must be a category of the same site')
  if (w.before && (await q.selfAndAncestorIds(tx, parentId)).includes(w.before.id)) {
    validation('parent_id', 'would create a cycle: the new parent lies below this category')
  }
}

/** On delete: live children move up to the deleted category's parent (roots when it was a root), each firing category.updated. */
export async function moveChildrenUp(tx: Tx, before: CategoryRow, now: Date): Promise<{ events: DomainEvent[]; metadata: Record<string, unknown> }> {
  const moved = await q.reparentChildren(tx, before.id, before.parent_id, now)
  return {
    events: moved.map((c) => ({ type: 'category.updated', siteId: c.site_id, data: presentCategory(c) })),
    metadata: { children_moved_to: before.parent_id, moved_children: moved.map((c) => c.id) },
  }
}

export const sitesShowingCategory = (db: ReadDb, row: CategoryRow) => q.sitesShowing(db, 'category', row.id)

/** Every live category of the site with its number of Published, non-deleted blogs carried by the site (0 included). */
export function blogCounts(ctx: Ctx, siteId: string): Promise<CategoryBlogCount[]> {
  return q.categoryBlogCounts(ctx.db, siteId)
}

/** Live direct children of a live category, by display_order then name. */
export async function children(ctx: Ctx, parentId: string): Promise<Category[]> {
  return (await q.listChildren(ctx.db, parentId)).map(presentCategory)
}
