import type { Ctx } from '../../core/context.js'
import type { DomainEvent, ReaderImpact } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'
import type { MediaFolderRow } from '../../db/schema/media.js'
import { validation } from '../../http/errors.js'
import { mediaEntity } from './entity.js'
import * as q from './media.queries.js'
import { presentMedia } from './present.service.js'
import { presentMediaFolder } from './schemas.js'

/*
 * Media folder rules beyond the site-resource kit (as document folders): a parent is a live folder of the same site,
 * never the folder itself or one below it; tree changes of a site run one at a time. Deleting a folder moves its
 * media to no folder and its sub-folders up to its own parent.
 */

export async function serializeTree(tx: Tx, siteId: string, values: { parent_id?: string | null } | 'delete'): Promise<void> {
  if (values === 'delete' || values.parent_id !== undefined) await q.lockFolderTree(tx, siteId)
}

export async function checkParent(tx: Tx, w: { siteId: string; values: { parent_id?: string | null }; before?: MediaFolderRow }): Promise<void> {
  const parentId = w.values.parent_id
  if (!parentId || parentId === w.before?.parent_id) return
  if (parentId === w.before?.id) validation('parent_id', 'a folder cannot be its own parent')
  const parent = await q.findFolder(tx, parentId)
  if (!parent || parent.site_id !== w.siteId) validation('parent_id', 'must be a folder of the same site')
  if (w.before && (await q.folderAndAncestorIds(tx, parentId)).includes(w.before.id)) {
    validation('parent_id', 'would create a cycle: the new parent lies below this folder')
  }
}

/** On delete: sub-folders move up, media to no folder (each fires media.updated and has its cached answers refreshed). */
export async function emptyFolder(
  tx: Tx,
  before: MediaFolderRow,
  now: Date,
  ctx: Ctx,
): Promise<{ events: DomainEvent[]; metadata: Record<string, unknown>; readers: ReaderImpact }> {
  const folders = await q.reparentFolders(tx, before.id, before.parent_id, now)
  const moved = await q.unfileMedia(tx, before.id, now)
  return {
    events: moved.map((m) => ({ type: 'media.updated', siteId: m.site_id, data: presentMedia(ctx, m) })),
    readers: { records: moved.map((m) => ({ entity: mediaEntity, id: m.id, siteIds: [m.site_id] })), lists: [before.site_id] },
    metadata: { subfolders_moved_to: before.parent_id, moved_subfolders: folders.map((f) => presentMediaFolder(f).id), unfiled_media: moved.map((m) => m.id) },
  }
}
