import type { Ctx } from '../../core/context.js'
import type { ReadDb } from '../../db/client.js'
import type { CategoryRow } from '../../db/schema/taxonomy.js'
import * as q from './queries.js'
import { presentCategory, type Category, type CategoryBlogCount } from './schemas.js'

/* Category reads beyond the site-resource kit (the tree rules are the kit's `tree` option, categories.resource.ts). */

export const sitesShowingCategory = (db: ReadDb, row: CategoryRow) => q.sitesShowing(db, 'category', row.id)

/** Every live category of the site with its number of Published, non-deleted blogs carried by the site (0 included). */
export function blogCounts(ctx: Ctx, siteId: string): Promise<CategoryBlogCount[]> {
  return q.categoryBlogCounts(ctx.db, siteId)
}

/** Live direct children of a live category, by display_order then name. */
export async function children(ctx: Ctx, parentId: string): Promise<Category[]> {
  return (await q.listChildren(ctx.db, parentId)).map(presentCategory)
}
