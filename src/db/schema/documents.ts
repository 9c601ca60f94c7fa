import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, displayOrder, liveIndex, ownedBy, softDeleteTimestamps } from './columns.js'
import { siteOwned } from './sites.js'
import { folderTable, storedFileIndexes } from './files.js'
import { localizationTable } from './localizations.js'
import { contentId } from './content.js'

/** Document folders of a site: a tree by parent_id, soft-deleted. */
export const documentFolders = folderTable('document_folders')

/**
 * Documents: a link (`url`) or a stored file (`storage_key`, an opaque key of platform/storage; never sent).
 * Several live documents of one site with the same bytes share one stored file (found by checksum).
 */
export const documents = pgTable(
  'documents',
  {
    ...siteOwned(),
    folder_id: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    document_type: text('document_type').notNull(),
    url: text('url'),
    file_name: text('file_name'),
    mime_type: text('mime_type'),
    file_size: bigint('file_size', { mode: 'number' }),
    checksum: text('checksum'),
    storage_key: text('storage_key'),
    ...softDeleteTimestamps(),
  },
  (t) => [liveIndex('documents_site_idx', t, t.site_id, t.created_at), ...storedFileIndexes('documents', t)],
)

/** Title and description of a document per locale of its site. */
export const documentLocalizations = localizationTable(
  'document_localizations',
  { column: 'document_id', references: () => documents.id, key: 'doc' },
  {
    title: text('title'),
    description: text('description'),
  },
)

/** Documents attached to a content item (blog, page), in display_order. */
export const contentDocuments = pgTable(
  'content_documents',
  {
    content_id: contentId(),
    document_id: ownedBy('document_id', () => documents.id),
    display_order: displayOrder(),
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
