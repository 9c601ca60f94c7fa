import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, updatedAt } from './columns.js'
import { sites } from './sites.js'

/** Social links of a site, in display_order. */
export const socialLinks = pgTable(
  'social_links',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    label: text('label'),
    icon: text('icon'),
    display_order: integer('display_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('social_links_site_order_idx')
      .on(t.site_id, t.display_order)
      .where(sql`${t.deleted_at} is null`),
  ],
)

/** Redirects of a site: source_path unique per site among live redirects. */
export const redirects = pgTable(
  'redirects',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    source_path: text('source_path').notNull(),
    destination_path: text('destination_path').notNull(),
    status_code: integer('status_code').notNull().default(301),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('redirects_site_source_uq')
      .on(t.site_id, t.source_path)
      .where(sql`${t.deleted_at} is null`),
    index('redirects_site_idx').on(t.site_id, t.created_at),
  ],
)

export type SocialLinkRow = typeof socialLinks.$inferSelect
export type RedirectRow = typeof redirects.$inferSelect
