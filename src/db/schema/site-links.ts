import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { displayOrder, liveIndex, liveUniqueIndex, softDeleteTimestamps } from './columns.js'
import { siteOwned } from './sites.js'

/** Social links of a site, in display_order. */
export const socialLinks = pgTable(
  'social_links',
  {
    ...siteOwned(),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    label: text('label'),
    icon: text('icon'),
    display_order: displayOrder(),
    is_active: boolean('is_active').notNull().default(true),
    ...softDeleteTimestamps(),
  },
  (t) => [liveIndex('social_links_site_order_idx', t, t.site_id, t.display_order)],
)

/** Redirects of a site: source_path unique per site among live redirects. */
export const redirects = pgTable(
  'redirects',
  {
    ...siteOwned(),
    source_path: text('source_path').notNull(),
    destination_path: text('destination_path').notNull(),
    status_code: integer('status_code').notNull().default(301),
    is_active: boolean('is_active').notNull().default(true),
    ...softDeleteTimestamps(),
  },
  (t) => [liveUniqueIndex('redirects_site_source_uq', t, t.site_id, t.source_path), index('redirects_site_idx').on(t.site_id, t.created_at)],
)

export type SocialLinkRow = typeof socialLinks.$inferSelect
export type RedirectRow = typeof redirects.$inferSelect
