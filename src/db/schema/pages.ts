import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdBy, displayOrder, id, liveIndex, ownedBy, scheduledIndex, softDeleteTimestamps, timestamps } from './columns.js'
import { CONTENT_STATUSES, contentRecord, publishWindow } from './content.js'
import { localizationTable } from './localizations.js'

/*
 * Pages: shared content like blogs (content + content_sites).
 * The route is unique per carrying site among live pages: content_sites.route holds it (content_sites_route_uq),
 * next to the slug (content_sites_slug_uq), so both rules are unique indexes and by-route is one index lookup.
 */
export const pages = pgTable(
  'pages',
  {
    ...contentRecord(),
    /** With a leading slash, no trailing slash except the home page `/`. */
    route: text('route').notNull(),
    slug: text('slug').notNull(),
    page_type: text('page_type').notNull().default('standard'),
    template: text('template'),
    is_in_navigation: boolean('is_in_navigation').notNull().default(false),
    navigation_order: integer('navigation_order').notNull().default(0),
    parent_page_id: uuid('parent_page_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('Draft'),
    ...publishWindow(),
    /** The creator; created_by_idp is whom review notifications go to. */
    ...createdBy(),
    ...softDeleteTimestamps(),
  },
  (t) => [uniqueIndex('pages_content_uq').on(t.content_id), scheduledIndex('pages_scheduled_idx', t), liveIndex('pages_parent_idx', t, t.parent_page_id)],
)

/** Sections of a page, listed by display_order (hard delete; their localizations go with them). */
export const pageSections = pgTable(
  'page_sections',
  {
    id: id(),
    page_id: ownedBy('page_id', () => pages.id),
    section_type: text('section_type').notNull(),
    display_order: displayOrder(),
    cover_image_id: uuid('cover_image_id'),
    call_to_action_route: text('call_to_action_route'),
    /** Free JSON object (bounded in size by the body schema). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
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
export const pageSectionLocalizations = localizationTable(
  'page_section_localizations',
  { column: 'page_section_id', references: () => pageSections.id, key: 'section' },
  {
    title: text('title'),
    text: text('text'),
    button_text: text('button_text'),
  },
)

export type PageRow = typeof pages.$inferSelect
export type PageSectionRow = typeof pageSections.$inferSelect
export type PageSectionLocalizationRow = typeof pageSectionLocalizations.$inferSelect
