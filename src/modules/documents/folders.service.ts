import type { DomainEvent, ReaderImpact } from '../../core/mutation.js'
import { attachedReaders } from './attachments.service.js'
import type { Tx } from '../../db/client.js'
import type { DocumentFolderRow } from '../../db/schema/documents.js'
import * as q from './documents.queries.js'
import { presentDocument } from './schemas.js'

/*
 * Folder rules beyond the site-resource kit's tree (folders.resource.ts): deleting a folder moves its documents to
 * no folder (its sub-folders move up with the kit), so nothing disappears with it.
 */

/** On delete: documents move to no folder, each firing document.updated. */
export async function emptyFolder(
  tx: Tx,
  before: DocumentFolderRow,
  now: Date,
): Promise<{ events: DomainEvent[]; metadata: Record<string, unknown>; readers: ReaderImpact }> {
  const docs = await q.unfileDocuments(tx, before.id, now)
  return {
    events: docs.map((d) => ({ type: 'document.updated', siteId: d.site_id, data: presentDocument(d) })),
    metadata: { unfiled_documents: docs.map((d) => d.id) },
    // Attached documents show their folder_id in the content's answers.
    readers: await attachedReaders(
      tx,
      docs.map((d) => d.id),
    ),
  }
}
