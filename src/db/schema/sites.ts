import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, liveUniqueIndex, ownedBy, softDeleteTimestamps } from './columns.js'

export const sites = pgTable(
  'sites',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    /** Absolute http(s) URL of the site's public frontend (RSS links), or null. */
    url: text('url'),
    favicon_url: text('favicon_url'),
    is_active: boolean('is_active').notNull().default(true),
    ai_enabled: boolean('ai_enabled').notNull().default(false),
    analytics_enabled: boolean('analytics_enabled').notNull().default(true),
    editorial_workflow_enabled: boolean('editorial_workflow_enabled').notNull().default(false),
    max_upload_bytes: bigint('max_upload_bytes', { mode: 'number' }).notNull().default(52_428_800),
    timezone: text('timezone').notNull().default('UTC'),
    /** Path of a post on the frontend; `{slug}` is replaced by the post's slug. */
    post_path: text('post_path').notNull().default('/blog/{slug}'),
    /** Path of the RSS feed on the frontend: with `url`, the feed's own address (atom:link rel="self"). */
    feed_path: text('feed_path').notNull().default('/rss.xml'),
    /** URL template of the frontend's preview endpoint with `{token}` (README "Previews"), or null. */
    preview_url: text('preview_url'),
    ...softDeleteTimestamps(),
  },
  (t) => [
    liveUniqueIndex('sites_slug_live_uq', t, t.slug),
    // The admin page's CSP lists the preview origins of live sites (modules/sites/queries.ts previewUrls).
    index('sites_preview_url_idx')
      .on(t.preview_url)
      .where(sql`${t.preview_url} is not null and ${t.deleted_at} is null`),
  ],
)

/** site_id of a record one site owns: deleted with the site. */
export const siteId = () => ownedBy('site_id', () => sites.id)
/** The id and site_id every site-owned record starts with. */
export const siteOwned = () => ({ id: id(), site_id: siteId() })

export const locales = pgTable(
  'locales',
  {
    ...siteOwned(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('locales_site_code_uq').on(t.site_id, t.code),
    uniqueIndex('locales_site_default_uq')
      .on(t.site_id)
      .where(sql`${t.is_default}`),
    index('locales_site_idx').on(t.site_id),
  ],
)

/** locale_id of a localization: one locale of the owning record's site, deleted with the locale. */
export const localeId = () => ownedBy('locale_id', () => locales.id)

export type SiteRow = typeof sites.$inferSelect
export type LocaleRow = typeof locales.$inferSelect
