import type { DomainEvent, ReaderImpact } from '../../core/mutation.js'
import { attachedReaders } from './attachments.service.js'
import type { Tx } from '../../db/client.js'
import type { DocumentFolderRow } from '../../db/schema/documents.js'
import { validation } from '../../http/errors.js'
import * as q from './documents.queries.js'
import { presentDocument, presentFolder } from './schemas.js'

/*
 * Folder rules beyond the site-resource kit (like categories): a parent is a live folder of the same site and never
 * the folder itself or one below it; tree changes of a site run one at a time. Deleting a folder moves its documents
 * to no folder and its sub-folders up to its own parent (top level when it had none), so
 * nothing disappears with it.
 */

export async function serializeTree(tx: Tx, siteId: string, values: { parent_id?: string | null } | 'delete'): Promise<void> {
  if (values === 'delete' || values.parent_id !== undefined) await q.lockFolderTree(tx, siteId)
}

/** 400 on parent_id for a folder of another site, the folder itself or one below it (a cycle). */
export async function checkParent(tx: Tx, w: { siteId: string; values: { parent_id?: string | null }; before?: DocumentFolderRow }): Promise<void> {
  const parentId = w.values.parent_id
  if (!parentId || parentId === w.before?.parent_id) return
  if (parentId === w.before?.id) validation('parent_id', 'a folder cannot be its own parent')
  const parent = await q.findFolder(tx, parentId)
  if (!parent || parent.site_id !== w.siteId) validation('parent_id', 'must be a folder of the same site')
  if (w.before && (await q.folderAndAncestorIds(tx, parentId)).includes(w.before.id)) {
    validation('parent_id', 'would create a cycle: the new parent lies below this folder')
  }
}

/** On delete: sub-folders move up, documents to no folder; each fires its `*.updated` (folders: none, documents: document.updated). */
export async function emptyFolder(
  tx: Tx,
  before: DocumentFolderRow,
  now: Date,
): Promise<{ events: DomainEvent[]; metadata: Record<string, unknown>; readers: ReaderImpact }> {
  const folders = await q.reparentFolders(tx, before.id, before.parent_id, now)
  const docs = await q.unfileDocuments(tx, before.id, now)
  return {
    events: docs.map((d) => ({ type: 'document.updated', siteId: d.site_id, data: presentDocument(d) })),
    metadata: {
      subfolders_moved_to: before.parent_id,
      moved_subfolders: folders.map((f) => presentFolder(f).id),
      unfiled_documents: docs.map((d) => d.id),
    },
    // Attached documents show their folder_id in the content's answers.
    readers: await attachedReaders(
      tx,
      docs.map((d) => d.id),
    ),
  }
}
