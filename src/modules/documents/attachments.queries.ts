import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { content } from '../../db/schema/content.js'
import { contentDocuments, documents, type DocumentRow } from '../../db/schema/documents.js'
import { presentDocument, type AttachedDocument } from './schemas.js'

/*
 * Documents attached to content items (blogs now, pages later): rows keyed by content_id, so every content kind
 * gets attachments without a table of its own. Deleted documents stay linked but are never shown.
 */

const docCols = getTableColumns(documents)

/** Live documents attached to the given content items, each in display_order (then attach time); one query. */
export async function attachmentRows(db: ReadDb, contentIds: string[]): Promise<Array<DocumentRow & { content_id: string; display_order: number }>> {
  if (contentIds.length === 0) return []
  return db
    .select({ ...docCols, content_id: contentDocuments.content_id, display_order: contentDocuments.display_order })
    .from(contentDocuments)
    .innerJoin(documents, and(eq(documents.id, contentDocuments.document_id), isNull(documents.deleted_at)))
    .where(inArray(contentDocuments.content_id, contentIds))
    .orderBy(asc(contentDocuments.display_order), asc(contentDocuments.created_at), asc(contentDocuments.document_id))
}

/** The `documents` of a content item's answers (blog detail), per content id, in display_order. */
export async function attachmentsOf(db: ReadDb, contentIds: string[]): Promise<Map<string, AttachedDocument[]>> {
  const out = new Map<string, AttachedDocument[]>()
  for (const row of await attachmentRows(db, contentIds)) {
    const list = out.get(row.content_id) ?? []
    list.push({ ...presentDocument(row), document_id: row.id, display_order: row.display_order })
    out.set(row.content_id, list)
  }
  return out
}

/** The attachment links of a content item (change history), by document id. */
export function attachmentLinks(db: ReadDb, contentId: string): Promise<Array<{ document_id: string; display_order: number }>> {
  return db
    .select({ document_id: contentDocuments.document_id, display_order: contentDocuments.display_order })
    .from(contentDocuments)
    .where(eq(contentDocuments.content_id, contentId))
    .orderBy(asc(contentDocuments.document_id))
}

/** Attaches, or moves an attached document to another display_order. */
export async function upsertAttachment(tx: Tx, contentId: string, documentId: string, displayOrder: number, at: Date): Promise<void> {
  await tx
    .insert(contentDocuments)
    .values({ content_id: contentId, document_id: documentId, display_order: displayOrder, created_at: at })
    .onConflictDoUpdate({ target: [contentDocuments.content_id, contentDocuments.document_id], set: { display_order: displayOrder } })
}

/** Detaches; false when it was not attached. */
export async function deleteAttachment(tx: Tx, contentId: string, documentId: string): Promise<boolean> {
  const rows = await tx
    .delete(contentDocuments)
    .where(and(eq(contentDocuments.content_id, contentId), eq(contentDocuments.document_id, documentId)))
    .returning({ id: contentDocuments.document_id })
  return rows.length > 0
}

/** Content items (with their type) that have any of the documents attached. */
export function contentAttaching(db: ReadDb, documentIds: string[]): Promise<Array<{ content_id: string; content_type: string }>> {
  if (documentIds.length === 0) return Promise.resolve([])
  return db
    .selectDistinct({ content_id: content.id, content_type: content.content_type })
    .from(contentDocuments)
    .innerJoin(content, eq(content.id, contentDocuments.content_id))
    .where(inArray(contentDocuments.document_id, documentIds))
}
