import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { displayOrder, id, ownedBy, parentId, timestamps } from './columns.js'
import { siteOwned } from './sites.js'
import { localizationTable } from './localizations.js'

/*
 * Navigation: menus of a site, their items as a tree, per-locale item titles.
 * Deletes are hard: deleting a menu deletes its items and their localizations (cascades), deleting an item
 * moves its children up first (modules/navigation/items.service.ts).
 */

/** A site's menu; slug unique per site (frontends ask for `primary`, `footer`). */
export const navigationMenus = pgTable(
  'navigation_menus',
  {
    ...siteOwned(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('navigation_menus_site_slug_uq').on(t.site_id, t.slug), index('navigation_menus_site_created_idx').on(t.site_id, t.created_at)],
)

export const LINK_TYPES = ['internal', 'external', 'page'] as const
export type LinkType = (typeof LINK_TYPES)[number]

/**
 * An item of a menu; parent_id is another item of the same menu (checked by the service under the menu's row lock).
 * page_id names a page without a foreign key: pages live in another module (modules/navigation/pages.queries.ts).
 */
export const navigationItems = pgTable(
  'navigation_items',
  {
    id: id(),
    menu_id: ownedBy('menu_id', () => navigationMenus.id),
    parent_id: parentId((): AnyPgColumn => navigationItems.id),
    title: text('title').notNull(),
    link_type: text('link_type').$type<LinkType>().notNull(),
    url: text('url'),
    page_id: uuid('page_id'),
    icon: text('icon'),
    open_in_new_tab: boolean('open_in_new_tab').notNull().default(false),
    display_order: displayOrder(),
    ...timestamps(),
  },
  (t) => [
    index('navigation_items_menu_parent_idx').on(t.menu_id, t.parent_id, t.display_order),
    index('navigation_items_parent_idx').on(t.parent_id),
    index('navigation_items_page_idx').on(t.page_id),
    check('navigation_items_link_type_ck', sql`${t.link_type} in ('internal', 'external', 'page')`),
  ],
)

/** The title of an item in one locale of the menu's site. */
export const navigationItemLocalizations = localizationTable(
  'navigation_item_localizations',
  { column: 'navigation_item_id', references: () => navigationItems.id, key: 'item' },
  {
    title: text('title').notNull(),
  },
)

export type NavigationMenuRow = typeof navigationMenus.$inferSelect
export type NavigationItemRow = typeof navigationItems.$inferSelect
export type NavigationItemLocalizationRow = typeof navigationItemLocalizations.$inferSelect
