import { sql } from 'drizzle-orm'
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, liveIndex, softDeleteTimestamps, ts } from './columns.js'
import { siteOwned } from './sites.js'
import { folderTable, storedFileIndexes } from './files.js'
import { localizationTable } from './localizations.js'

/** Media folders of a site (the fields of document folders): a tree by parent_id, soft-deleted. */
export const mediaFolders = folderTable('media_folders')

/** A stored variant of an image (never sent as is: the presenter turns `key` into `public_url`). */
export interface StoredVariant {
  variant: 'thumbnail' | 'small' | 'medium' | 'large'
  width: number
  height: number
  size_bytes: number
  mime_type: string
  key: string
}

/**
 * Media records: an uploaded file (`storage_key`, an opaque key of platform/storage; never sent) or an external
 * file (`external_url`, POST /media). Live records of one site with the same bytes share one stored file and its
 * variants. `search_text` is the filename and every locale's alt text, caption and title, folded to lower-case
 * words (kept by the service), searched through a full-text GIN index.
 */
export const media = pgTable(
  'media',
  {
    ...siteOwned(),
    folder_id: uuid('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    mime_type: text('mime_type').notNull(),
    mime_category: text('mime_category').$type<'image' | 'video' | 'audio' | 'document' | 'archive'>().notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    checksum: text('checksum'),
    width: integer('width'),
    height: integer('height'),
    is_global: boolean('is_global').notNull().default(false),
    storage_key: text('storage_key'),
    external_url: text('external_url'),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull().default([]),
    /** The point crops keep (0–1 from the left and top edge); renditions with fit=cover centre on it. */
    focal_x: doublePrecision('focal_x').notNull().default(0.5),
    focal_y: doublePrecision('focal_y').notNull().default(0.5),
    search_text: text('search_text').notNull().default(''),
    ...softDeleteTimestamps(),
  },
  (t) => [
    liveIndex('media_site_idx', t, t.site_id, t.created_at),
    liveIndex('media_site_category_idx', t, t.site_id, t.mime_category, t.created_at),
    ...storedFileIndexes('media', t),
    index('media_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.search_text})`)
      .where(sql`${t.deleted_at} is null`),
  ],
)

/**
 * Renditions kept in storage (README.md, "Renditions"): one row per stored object under `renditions/`, made
 * from the original `source_key`. `focal` is the focal version a cover crop was made for ('' for every other fit), so
 * a focal-point change drops exactly the crops it invalidates. `last_used_at` orders the least recently used out once
 * the sizes add up past ATRIUM_RENDITIONS_MAX_MB; being in the database, that bound holds across instances.
 */
export const mediaRenditions = pgTable(
  'media_renditions',
  {
    key: text('key').primaryKey(),
    source_key: text('source_key').notNull(),
    focal: text('focal').notNull().default(''),
    size_bytes: integer('size_bytes').notNull(),
    last_used_at: ts('last_used_at').notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [index('media_renditions_source_idx').on(t.source_key, t.focal), index('media_renditions_lru_idx').on(t.last_used_at)],
)

/** Alt text, caption and title of a media record per locale of its site. */
export const mediaMetadata = localizationTable(
  'media_metadata',
  { column: 'media_id', references: () => media.id, key: 'media' },
  {
    alt_text: text('alt_text'),
    caption: text('caption'),
    title: text('title'),
  },
)

export type MediaFolderRow = typeof mediaFolders.$inferSelect
export type MediaRow = typeof media.$inferSelect
export type MediaMetadataRow = typeof mediaMetadata.$inferSelect
export type MediaRenditionRow = typeof mediaRenditions.$inferSelect
