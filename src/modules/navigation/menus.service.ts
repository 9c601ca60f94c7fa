import type { Ctx } from '../../core/context.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { Tx } from '../../db/client.js'
import type { NavigationMenuRow } from '../../db/schema/navigation.js'
import { notFound } from '../../http/errors.js'
import { menuEntity } from './entity.js'
import * as q from './queries.js'
import { Menu, presentMenu } from './schemas.js'

/*
 * Menu rules beyond the site-resource kit: which menus a site has is decided one write at a time (the primary menu
 * is chosen among them), deleting a menu deletes its items, and the public lookup by slug is cached.
 */

/** Menu creates, updates and deletes of a site run one at a time (with the primary menu made on demand). */
export async function serializeSiteMenus(tx: Tx, siteId: string): Promise<void> {
  await q.lockSiteMenus(tx, siteId)
}

/** On delete: the menu's items go with it (their localizations cascade); the audit entry names them. */
export async function deleteItems(tx: Tx, before: NavigationMenuRow): Promise<{ metadata: Record<string, unknown> }> {
  const ids = await q.deleteMenuItems(tx, before.id)
  return { metadata: { deleted_items: ids.length, deleted_item_ids: ids } }
}

const bySlugCache = jsonCache('navigation-menu', Menu, Menu)

/** The site's menu with this slug; cached per site version (every navigation write bumps it). 404 when none. */
export function bySlug(ctx: Ctx, siteId: string, slug: string): Promise<RawJson> {
  return bySlugCache.get(ctx, siteId, `slug:${slug}`, async () => ({
    value: presentMenu((await q.menuBySlug(ctx.db, siteId, slug)) ?? notFound(menuEntity)),
    until: null,
  }))
}
