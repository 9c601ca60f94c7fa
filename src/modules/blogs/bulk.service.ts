import { bulkContent } from '../../kits/content-workflow/rules.js'
import type { Ctx } from '../../core/context.js'
import { blogEntity } from './entity.js'
import type { BulkBody, BulkResult } from './schemas.js'
import { remove, update } from './write.service.js'

/*
 * POST /sites/{site_id}/blogs/bulk: the content workflow kit's bulk loop
 * (kits/content-workflow/rules.ts bulkContent) over PUT /blogs/{id} and DELETE /blogs/{id}, so UpdateStatus follows
 * the same transition rules as a single update and each id succeeds or fails on its own.
 */
export function bulk(ctx: Ctx, siteId: string, body: BulkBody): Promise<BulkResult> {
  return bulkContent(ctx, blogEntity, { update, remove }, siteId, body)
}
