import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { navigationItemLocalizations, navigationItems, navigationMenus, type NavigationItemRow, type NavigationMenuRow } from '../../db/schema/navigation.js'
import { locales } from '../../db/schema/sites.js'

/* Navigation SQL (no rules). Menus and items are hard-deleted: a row that exists is live. */

// ---- menus ------------------------------------------------------------------------------------------------

export async function findMenu(db: ReadDb, id: string): Promise<NavigationMenuRow | undefined> {
  const [row] = await db.select().from(navigationMenus).where(eq(navigationMenus.id, id)).limit(1)
  return row
}

/** The menu row, locked until the transaction ends: every item write of a menu takes it first, so they run one at a time. */
export async function lockMenu(tx: Tx, id: string): Promise<NavigationMenuRow | undefined> {
  const [row] = await tx.select().from(navigationMenus).where(eq(navigationMenus.id, id)).for('update')
  return row
}

/** The menu changed through its items: updated_at moves. */
export async function touchMenu(tx: Tx, id: string, now: Date): Promise<NavigationMenuRow> {
  const [row] = await tx.update(navigationMenus).set({ updated_at: now }).where(eq(navigationMenus.id, id)).returning()
  if (!row) throw new Error(`navigation menu ${id} vanished under its lock`)
  return row
}

export async function menuBySlug(db: ReadDb, siteId: string, slug: string): Promise<NavigationMenuRow | undefined> {
  const [row] = await db
    .select()
    .from(navigationMenus)
    .where(and(eq(navigationMenus.site_id, siteId), eq(navigationMenus.slug, slug)))
    .limit(1)
  return row
}

/** The site's primary menu: slug `primary`, else the oldest (navigation_menus_site_slug_uq / _site_created_idx). */
export async function primaryMenu(db: ReadDb, siteId: string, lock?: Tx): Promise<NavigationMenuRow | undefined> {
  const query = (lock ?? db)
    .select()
    .from(navigationMenus)
    .where(eq(navigationMenus.site_id, siteId))
    .orderBy(sql`(${navigationMenus.slug} = 'primary') desc`, asc(navigationMenus.created_at), asc(navigationMenus.id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** Serialises the writes that decide which menus a site has (create, delete, the primary menu made on demand). */
export async function lockSiteMenus(tx: Tx, siteId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`navigation:${siteId}`}, 0))`)
}

export async function insertMenu(tx: Tx, values: typeof navigationMenus.$inferInsert): Promise<NavigationMenuRow> {
  const [row] = await tx.insert(navigationMenus).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

/** Deletes every item of a menu (their localizations cascade); returns their ids. */
export async function deleteMenuItems(tx: Tx, menuId: string): Promise<string[]> {
  const rows = await tx.delete(navigationItems).where(eq(navigationItems.menu_id, menuId)).returning({ id: navigationItems.id })
  return rows.map((r) => r.id)
}

// ---- items ------------------------------------------------------------------------------------------------

/** Where an item lives: the site of its menu (one indexed join). */
export async function itemSite(db: ReadDb, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ site_id: navigationMenus.site_id })
    .from(navigationItems)
    .innerJoin(navigationMenus, eq(navigationMenus.id, navigationItems.menu_id))
    .where(eq(navigationItems.id, id))
    .limit(1)
  return row?.site_id
}

/** The item and the site of its menu, in one query. */
export async function findItemWithSite(db: ReadDb, id: string): Promise<{ item: NavigationItemRow; siteId: string } | undefined> {
  const [row] = await db
    .select({ item: navigationItems, siteId: navigationMenus.site_id })
    .from(navigationItems)
    .innerJoin(navigationMenus, eq(navigationMenus.id, navigationItems.menu_id))
    .where(eq(navigationItems.id, id))
    .limit(1)
  return row
}

export async function findItem(db: ReadDb, id: string): Promise<NavigationItemRow | undefined> {
  const [row] = await db.select().from(navigationItems).where(eq(navigationItems.id, id)).limit(1)
  return row
}

export async function lockItem(tx: Tx, id: string): Promise<NavigationItemRow | undefined> {
  const [row] = await tx.select().from(navigationItems).where(eq(navigationItems.id, id)).for('update')
  return row
}

const siblingOrder = [asc(navigationItems.display_order), asc(navigationItems.created_at), asc(navigationItems.id)]

/** Every item of a menu, by display_order (tree building keeps this order among siblings). */
export function menuItems(db: ReadDb, menuId: string): Promise<NavigationItemRow[]> {
  return db
    .select()
    .from(navigationItems)
    .where(eq(navigationItems.menu_id, menuId))
    .orderBy(...siblingOrder)
}

/** Every item of a menu, roots first, then grouped by parent, each group by display_order. */
export function menuItemsByParent(db: ReadDb, menuId: string): Promise<NavigationItemRow[]> {
  return db
    .select()
    .from(navigationItems)
    .where(eq(navigationItems.menu_id, menuId))
    .orderBy(sql`${navigationItems.parent_id} asc nulls first`, ...siblingOrder)
}

/** Direct children of an item (parent_id null: the menu's roots), by display_order. */
export function childItems(db: ReadDb, menuId: string, parentId: string | null): Promise<NavigationItemRow[]> {
  return db
    .select()
    .from(navigationItems)
    .where(and(eq(navigationItems.menu_id, menuId), parentId === null ? isNull(navigationItems.parent_id) : eq(navigationItems.parent_id, parentId)))
    .orderBy(...siblingOrder)
}

/** Parent links of every item of a menu (cycle checks). */
export function parentLinks(db: ReadDb, menuId: string): Promise<Array<{ id: string; parent_id: string | null }>> {
  return db.select({ id: navigationItems.id, parent_id: navigationItems.parent_id }).from(navigationItems).where(eq(navigationItems.menu_id, menuId))
}

/** The display_order after the last sibling (0 for the first). */
export async function nextOrder(db: ReadDb, menuId: string, parentId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${navigationItems.display_order}) + 1, 0)::int` })
    .from(navigationItems)
    .where(and(eq(navigationItems.menu_id, menuId), parentId === null ? isNull(navigationItems.parent_id) : eq(navigationItems.parent_id, parentId)))
  return row?.n ?? 0
}

export async function insertItem(tx: Tx, values: typeof navigationItems.$inferInsert): Promise<NavigationItemRow> {
  const [row] = await tx.insert(navigationItems).values(values).returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function updateItem(tx: Tx, id: string, patch: Partial<typeof navigationItems.$inferInsert>): Promise<NavigationItemRow> {
  const [row] = await tx.update(navigationItems).set(patch).where(eq(navigationItems.id, id)).returning()
  if (!row) throw new Error(`navigation item ${id} vanished under its lock`)
  return row
}

export async function deleteItem(tx: Tx, id: string): Promise<void> {
  await tx.delete(navigationItems).where(eq(navigationItems.id, id))
}

/**
 * Moves the children of an item into its place among its siblings: the siblings after it make room, the children
 * keep their order. Returns the moved children's ids, in order.
 */
export async function moveChildrenUp(tx: Tx, item: NavigationItemRow, now: Date): Promise<string[]> {
  const children = await childItems(tx, item.menu_id, item.id)
  if (children.length === 0) return []
  const sameParent = item.parent_id === null ? isNull(navigationItems.parent_id) : eq(navigationItems.parent_id, item.parent_id)
  if (children.length > 1) {
    await tx
      .update(navigationItems)
      .set({ display_order: sql`${navigationItems.display_order} + ${children.length - 1}`, updated_at: now })
      .where(and(eq(navigationItems.menu_id, item.menu_id), sameParent, gt(navigationItems.display_order, item.display_order)))
  }
  await tx.execute(sql`
    update ${navigationItems} set parent_id = ${item.parent_id}, display_order = ${item.display_order} + s.rn - 1, updated_at = ${now}
    from (select id, row_number() over (order by display_order, created_at, id) as rn from ${navigationItems} where parent_id = ${item.id}) s
    where ${navigationItems}.id = s.id`)
  return children.map((c) => c.id)
}

// ---- localizations and trees ------------------------------------------------------------------------------

/**
 * Titles of a menu's items in one locale of the site, named by id or by code (case-insensitive): one query.
 * A locale the site lacks gives an empty map.
 */
export async function localizedTitles(db: ReadDb, menuId: string, siteId: string, locale: { id: string } | { code: string }): Promise<Map<string, string>> {
  const which = 'id' in locale ? sql`lc.id = ${locale.id}` : sql`lower(lc.code) = lower(${locale.code})`
  const result = await db.execute(sql`
    select l.navigation_item_id as id, l.title
    from ${navigationItemLocalizations} l
    join ${navigationItems} i on i.id = l.navigation_item_id
    join ${locales} lc on lc.id = l.locale_id
    where i.menu_id = ${menuId} and lc.site_id = ${siteId} and ${which}`)
  return new Map(rowsOf<{ id: string; title: string }>(result).map((r) => [r.id, r.title]))
}
