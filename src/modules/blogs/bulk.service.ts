import { requireRecord, requireSite } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { ContentStatus } from '../../core/workflow.js'
import { notFound, toApiError, validation } from '../../http/errors.js'
import { blogEntity } from './entity.js'
import type { BulkBody, BulkResult } from './schemas.js'
import { remove, update } from './write.service.js'

/*
 * POST /sites/{site_id}/blogs/bulk (decisions.md "Content", Bulk): at most 100 ids (400 above, from the
 * body schema), each handled on its own in its own mutate(), so one failing id changes nothing of itself
 * and does not undo the others. UpdateStatus needs Author, Delete needs Editor, both on the site, which
 * must own each blog. UpdateStatus follows the same transition rules as PUT /blogs/{id}.
 */

async function one(ctx: Ctx, siteId: string, id: string, status: ContentStatus | undefined): Promise<void> {
  const scope = await requireRecord(ctx, blogEntity, id, status === undefined ? 'Editor' : 'Author')
  if (scope.siteId !== siteId) notFound(blogEntity)
  if (status === undefined) await remove(ctx, id)
  else await update(ctx, id, { status })
}

/** Runs the action for every id (duplicates once each); per-id results in request order. 400 without status for UpdateStatus. */
export async function bulk(ctx: Ctx, siteId: string, body: BulkBody): Promise<BulkResult> {
  const status = body.action === 'UpdateStatus' ? (body.status ?? validation('status', 'is required for UpdateStatus')) : undefined
  if (status === undefined) await requireSite(ctx, siteId, 'Editor')
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))]
  const results: BulkResult['results'] = []
  for (const id of ids) {
    try {
      await one(ctx, siteId, id, status)
      results.push({ id, success: true })
    } catch (err) {
      const api = toApiError(err)
      if (api.status >= 500) ctx.log.error({ err, id }, 'bulk blog action failed')
      results.push({ id, success: false, error: api.message })
    }
  }
  const succeeded = results.filter((r) => r.success).length
  return { total: results.length, succeeded, failed: results.length - succeeded, results }
}
