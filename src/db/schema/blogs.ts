import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdBy, liveIndex, scheduledIndex, softDeleteTimestamps } from './columns.js'
import { CONTENT_STATUSES, content, contentRecord, publishWindow } from './content.js'
import { localizationTable } from './localizations.js'

export { CONTENT_STATUSES, type ContentStatus } from './content.js'

export const blogs = pgTable(
  'blogs',
  {
    ...contentRecord(),
    slug: text('slug').notNull(),
    author: text('author'),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('Draft'),
    published_date: date('published_date', { mode: 'string' }),
    ...publishWindow(),
    is_featured: boolean('is_featured').notNull().default(false),
    allow_comments: boolean('allow_comments').notNull().default(true),
    reading_time_minutes: integer('reading_time_minutes').notNull().default(0),
    cover_image_id: uuid('cover_image_id'),
    header_image_id: uuid('header_image_id'),
    /** The creator; created_by_idp is whom author notifications go to. */
    ...createdBy(),
    ...softDeleteTimestamps(),
  },
  (t) => [
    uniqueIndex('blogs_content_uq').on(t.content_id),
    liveIndex('blogs_site_status_date_idx', t, t.site_id, t.status, t.published_date.desc(), t.published_at.desc()),
    scheduledIndex('blogs_scheduled_idx', t),
    liveIndex('blogs_status_date_idx', t, t.status, t.published_date.desc()),
    // Where a media record is used (GET /media/{id}/references).
    index('blogs_cover_image_idx')
      .on(t.cover_image_id)
      .where(sql`${t.deleted_at} is null and ${t.cover_image_id} is not null`),
    index('blogs_header_image_idx')
      .on(t.header_image_id)
      .where(sql`${t.deleted_at} is null and ${t.header_image_id} is not null`),
    // The site blog list's author filter (GET /sites/{site_id}/blogs?author=): rows of one author, then content_sites by its key.
    index('blogs_author_idx')
      .on(t.author)
      .where(sql`${t.deleted_at} is null and ${t.author} is not null`),
  ],
)

export const blogLocalizations = localizationTable(
  'blog_localizations',
  { column: 'content_id', references: () => content.id, key: 'content' },
  {
    title: text('title'),
    subtitle: text('subtitle'),
    excerpt: text('excerpt'),
    body: text('body'),
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    translation_status: text('translation_status').notNull().default('Draft'),
  },
)

export type BlogRow = typeof blogs.$inferSelect
export type BlogLocalizationRow = typeof blogLocalizations.$inferSelect
