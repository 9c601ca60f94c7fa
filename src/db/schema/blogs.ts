import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, ts, updatedAt } from './columns.js'
import { CONTENT_STATUSES, content } from './content.js'
import { locales, sites } from './sites.js'

export { CONTENT_STATUSES, type ContentStatus } from './content.js'

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    author: text('author'),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('Draft'),
    published_date: date('published_date', { mode: 'string' }),
    published_at: ts('published_at'),
    publish_start: ts('publish_start'),
    publish_end: ts('publish_end'),
    is_featured: boolean('is_featured').notNull().default(false),
    allow_comments: boolean('allow_comments').notNull().default(true),
    reading_time_minutes: integer('reading_time_minutes').notNull().default(0),
    cover_image_id: uuid('cover_image_id'),
    header_image_id: uuid('header_image_id'),
    /** Actor id of the creator (api_key:<id> or a user id). */
    created_by: text('created_by'),
    /** Identity-provider id of the creating user, for author notifications; null for API-key creators. */
    created_by_idp: text('created_by_idp'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('blogs_content_uq').on(t.content_id),
    index('blogs_site_status_date_idx')
      .on(t.site_id, t.status, t.published_date.desc(), t.published_at.desc())
      .where(sql`${t.deleted_at} is null`),
    index('blogs_scheduled_idx')
      .on(t.publish_start)
      .where(sql`${t.status} = 'Scheduled' and ${t.deleted_at} is null`),
    index('blogs_status_date_idx')
      .on(t.status, t.published_date.desc())
      .where(sql`${t.deleted_at} is null`),
    /** The site blog list's author filter (GET /sites/{site_id}/blogs?author=): rows of one author, then content_sites by its key. */
    // Where a media record is used (GET /media/{id}/references).
    index('blogs_cover_image_idx')
      .on(t.cover_image_id)
      .where(sql`${t.deleted_at} is null and ${t.cover_image_id} is not null`),
    index('blogs_header_image_idx')
      .on(t.header_image_id)
      .where(sql`${t.deleted_at} is null and ${t.header_image_id} is not null`),
    index('blogs_author_idx')
      .on(t.author)
      .where(sql`${t.deleted_at} is null and ${t.author} is not null`),
  ],
)

export const blogLocalizations = pgTable(
  'blog_localizations',
  {
    id: id(),
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    locale_id: uuid('locale_id')
      .notNull()
      .references(() => locales.id, { onDelete: 'cascade' }),
    title: text('title'),
    subtitle: text('subtitle'),
    excerpt: text('excerpt'),
    body: text('body'),
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    translation_status: text('translation_status').notNull().default('Draft'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('blog_localizations_content_locale_uq').on(t.content_id, t.locale_id), index('blog_localizations_locale_idx').on(t.locale_id)],
)

export type BlogRow = typeof blogs.$inferSelect
export type BlogLocalizationRow = typeof blogLocalizations.$inferSelect
