import { sql } from 'drizzle-orm'
import { bigint, type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, updatedAt } from './columns.js'
import { content } from './content.js'
import { locales, sites } from './sites.js'

/** Document folders of a site: a tree by parent_id, soft-deleted. */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parent_id: uuid('parent_id').references((): AnyPgColumn => documentFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    display_order: integer('display_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('document_folders_site_idx')
      .on(t.site_id, t.display_order)
      .where(sql`${t.deleted_at} is null`),
    index('document_folders_parent_idx').on(t.parent_id),
  ],
)

/**
 * Documents: a link (`url`) or a stored file (`storage_key`, an opaque key of platform/storage; never sent).
 * Several live documents of one site with the same bytes share one stored file (found by checksum).
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    folder_id: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    document_type: text('document_type').notNull(),
    url: text('url'),
    file_name: text('file_name'),
    mime_type: text('mime_type'),
    file_size: bigint('file_size', { mode: 'number' }),
    checksum: text('checksum'),
    storage_key: text('storage_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('documents_site_idx')
      .on(t.site_id, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('documents_folder_idx')
      .on(t.folder_id)
      .where(sql`${t.deleted_at} is null`),
    index('documents_site_checksum_idx')
      .on(t.site_id, t.checksum)
      .where(sql`${t.deleted_at} is null and ${t.checksum} is not null`),
    index('documents_storage_key_idx')
      .on(t.storage_key)
      .where(sql`${t.storage_key} is not null`),
  ],
)

/** Title and description of a document per locale of its site. */
export const documentLocalizations = pgTable(
  'document_localizations',
  {
    id: id(),
    document_id: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    locale_id: uuid('locale_id')
      .notNull()
      .references(() => locales.id, { onDelete: 'cascade' }),
    title: text('title'),
    description: text('description'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('document_localizations_doc_locale_uq').on(t.document_id, t.locale_id), index('document_localizations_locale_idx').on(t.locale_id)],
)

/** Documents attached to a content item (blog, page), in display_order. */
export const contentDocuments = pgTable(
  'content_documents',
  {
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    document_id: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    display_order: integer('display_order').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.content_id, t.document_id], name: 'content_documents_pk' }),
    index('content_documents_document_idx').on(t.document_id, t.content_id),
  ],
)

export type DocumentFolderRow = typeof documentFolders.$inferSelect
export type DocumentRow = typeof documents.$inferSelect
export type DocumentLocalizationRow = typeof documentLocalizations.$inferSelect
