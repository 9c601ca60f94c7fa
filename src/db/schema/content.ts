import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, ownedBy, ts } from './columns.js'
import { siteId, siteOwned } from './sites.js'

/** Workflow states of every content kind (blogs, pages). */
export const CONTENT_STATUSES = ['Draft', 'InReview', 'Published', 'Scheduled'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

export const CONTENT_TYPES = ['blog', 'page', 'skill', 'cv'] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

/**
 * A content item (blog post or page). Taxonomy, localizations and attachments hang off content_id,
 * so blogs and pages share them. site_id is the owning site.
 */
export const content = pgTable(
  'content',
  {
    ...siteOwned(),
    content_type: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('content_site_idx').on(t.site_id, t.content_type)],
)

/** content_id of a row that belongs to a content item: deleted with it. */
export const contentId = () => ownedBy('content_id', () => content.id)
/**
 * The first columns of a content kind's own row (blogs, pages, skills, CV entries): its id, its content item (one row
 * per item: `<table>_content_uq`) and the owning site.
 */
export const contentRecord = () => ({ id: id(), content_id: contentId(), site_id: siteId() })
/** A workflow record's publishing times: when it was published, and the window it is live in (start: the scheduler's). */
export const publishWindow = () => ({ published_at: ts('published_at'), publish_start: ts('publish_start'), publish_end: ts('publish_end') })

/**
 * Every site that carries a content item, the owner included.
 * slug is copied here so that "unique within each site that carries the record" is one unique index.
 */
export const contentSites = pgTable(
  'content_sites',
  {
    content_id: contentId(),
    site_id: siteId(),
    content_type: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    slug: text('slug').notNull(),
    /** The route a routed content item (a page) is served at in this site; unique per site among live items. */
    route: text('route'),
    /** false once the record is soft-deleted: its slug is free again. */
    is_live: boolean('is_live').notNull().default(true),
    /** Place in the record's site_ids (0: the owning site). */
    position: integer('position').notNull().default(0),
    /*
     * Read-path copies of the content's workflow state, so that "published in site S, newest first" is one
     * index range scan for every carrying site. Kept equal to the blog row by the blogs_sync_content_sites
     * trigger (migration 0002_content_sites_read_path), whoever writes the blog (service, review, scheduler).
     */
    status: text('status').notNull().default('Draft'),
    published_date: date('published_date', { mode: 'string' }),
    published_at: ts('published_at'),
    publish_end: ts('publish_end'),
    is_featured: boolean('is_featured').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.content_id, t.site_id], name: 'content_sites_pk' }),
    uniqueIndex('content_sites_slug_uq')
      .on(t.site_id, t.content_type, t.slug)
      .where(sql`${t.is_live}`),
    uniqueIndex('content_sites_route_uq')
      .on(t.site_id, t.content_type, t.route)
      .where(sql`${t.is_live} and ${t.route} is not null`),
    index('content_sites_site_idx').on(t.site_id, t.content_type),
    index('content_sites_published_idx')
      .on(t.site_id, t.content_type, t.published_date.desc().nullsLast(), t.published_at.desc().nullsLast(), t.content_id.desc())
      .where(sql`${t.is_live} and ${t.status} = 'Published'`),
    index('content_sites_featured_idx')
      .on(t.site_id, t.content_type, t.published_date.desc().nullsLast(), t.published_at.desc().nullsLast(), t.content_id.desc())
      .where(sql`${t.is_live} and ${t.status} = 'Published' and ${t.is_featured}`),
  ],
)

export type ContentRow = typeof content.$inferSelect
export type ContentSiteRow = typeof contentSites.$inferSelect
