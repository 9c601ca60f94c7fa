import type { Ctx } from '../../core/context.js'
import type { DomainEvent, ReaderImpact } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'
import type { MediaFolderRow } from '../../db/schema/media.js'
import { mediaEntity } from './entity.js'
import * as q from './media.queries.js'
import { presentMedia } from './present.service.js'

/*
 * Media folder rules beyond the site-resource kit's tree (folders.resource.ts): deleting a folder moves its media to
 * no folder (its sub-folders move up with the kit).
 */

/** On delete: media move to no folder (each fires media.updated and has its cached answers refreshed). */
export async function emptyFolder(
  tx: Tx,
  before: MediaFolderRow,
  now: Date,
  ctx: Ctx,
): Promise<{ events: DomainEvent[]; metadata: Record<string, unknown>; readers: ReaderImpact }> {
  const moved = await q.unfileMedia(tx, before.id, now)
  return {
    events: moved.map((m) => ({ type: 'media.updated', siteId: m.site_id, data: presentMedia(ctx, m) })),
    readers: { records: moved.map((m) => ({ entity: mediaEntity, id: m.id, siteIds: [m.site_id] })), lists: [before.site_id] },
    metadata: { unfiled_media: moved.map((m) => m.id) },
  }
}
