import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, ts, updatedAt } from './columns.js'
import { CONTENT_STATUSES, content } from './content.js'
import { locales, sites } from './sites.js'

/*
 * Pages: shared content like blogs (content + content_sites).
 * The route is unique per carrying site among live pages: content_sites.route holds it (content_sites_route_uq),
 * next to the slug (content_sites_slug_uq), so both rules are unique indexes and by-route is one index lookup.
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** With a leading slash, no trailing slash except the home page `/`. */
    route: text('route').notNull(),
    slug: text('slug').notNull(),
    page_type: text('page_type').notNull().default('standard'),
    template: text('template'),
    is_in_navigation: boolean('is_in_navigation').notNull().default(false),
    navigation_order: integer('navigation_order').notNull().default(0),
    parent_page_id: uuid('parent_page_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('Draft'),
    published_at: ts('published_at'),
    publish_start: ts('publish_start'),
    publish_end: ts('publish_end'),
    /** Actor id of the creator (api_key:<id> or a user id). */
    created_by: text('created_by'),
    /** Identity-provider id of the creating user, for review notifications; null for API-key creators. */
    created_by_idp: text('created_by_idp'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('pages_content_uq').on(t.content_id),
    index('pages_scheduled_idx')
      .on(t.publish_start)
      .where(sql`${t.status} = 'Scheduled' and ${t.deleted_at} is null`),
    index('pages_parent_idx')
      .on(t.parent_page_id)
      .where(sql`${t.deleted_at} is null`),
  ],
)

/** Sections of a page, listed by display_order (hard delete; their localizations go with them). */
export const pageSections = pgTable(
  'page_sections',
  {
    id: id(),
    page_id: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    section_type: text('section_type').notNull(),
    display_order: integer('display_order').notNull().default(0),
    cover_image_id: uuid('cover_image_id'),
    call_to_action_route: text('call_to_action_route'),
    /** Free JSON object (bounded in size by the body schema). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('page_sections_page_order_idx').on(t.page_id, t.display_order, t.created_at),
    // Where a media record is used (GET /media/{id}/references).
    index('page_sections_cover_image_idx')
      .on(t.cover_image_id)
      .where(sql`${t.cover_image_id} is not null`),
  ],
)

/** One localization per section per locale of the page's owning site (upserted). */
export const pageSectionLocalizations = pgTable(
  'page_section_localizations',
  {
    id: id(),
    page_section_id: uuid('page_section_id')
      .notNull()
      .references(() => pageSections.id, { onDelete: 'cascade' }),
    locale_id: uuid('locale_id')
      .notNull()
      .references(() => locales.id, { onDelete: 'cascade' }),
    title: text('title'),
    text: text('text'),
    button_text: text('button_text'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('page_section_localizations_section_locale_uq').on(t.page_section_id, t.locale_id),
    index('page_section_localizations_locale_idx').on(t.locale_id),
  ],
)

export type PageRow = typeof pages.$inferSelect
export type PageSectionRow = typeof pageSections.$inferSelect
export type PageSectionLocalizationRow = typeof pageSectionLocalizations.$inferSelect
