import { requireSite } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { mutate } from '../../core/mutation.js'
import type { UserPrincipal } from '../../core/principal.js'
import { forbidden, notFound } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import * as q from './queries.js'
import { presentNotification, type Notification, type NotificationQuery } from './schemas.js'

/** Notifications are written by the workflow (core/notifications.ts); here they are read and marked read. */
export const notificationEntity = defineEntity({ name: 'notification' })

/** The route is jwtOnly; this is the type guard for the service. */
function user(ctx: Ctx): UserPrincipal {
  const p = ctx.principal
  return p.kind === 'user' ? p : forbidden('Notifications need an identity-provider token; API keys are not accepted')
}

/** A user's notifications on a site they can read (non-members and deleted sites: 404), newest first. */
export async function list(ctx: Ctx, siteId: string, query: NotificationQuery): Promise<Page<Notification>> {
  const u = user(ctx)
  await requireSite(ctx, siteId, 'Read')
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listPage(ctx.db, u.idpUserId, siteId, limit, offset)
  return paginate(rows.map(presentNotification), total, query)
}

export async function unreadCount(ctx: Ctx, siteId: string): Promise<{ unread_count: number }> {
  const u = user(ctx)
  await requireSite(ctx, siteId, 'Read')
  return { unread_count: await q.unreadCount(ctx.db, u.idpUserId, siteId) }
}

/** Marks one of the caller's own notifications read (idempotent); another user's is 404. */
export async function markRead(ctx: Ctx, id: string): Promise<Notification> {
  const u = user(ctx)
  const row = await mutate(ctx, { entity: notificationEntity, action: 'Update' }, async (tx) => {
    const before = (await q.lockOwn(tx, u.idpUserId, id)) ?? notFound(notificationEntity)
    const after = before.is_read ? before : await q.markRead(tx, id)
    return { result: after, siteId: after.site_id, entityId: id, before: { is_read: before.is_read }, after: { is_read: after.is_read } }
  })
  return presentNotification(row)
}

/** Marks every unread notification of the caller on the site read: `{ updated }` is how many changed. */
export async function markAllRead(ctx: Ctx, siteId: string): Promise<{ updated: number }> {
  const u = user(ctx)
  await requireSite(ctx, siteId, 'Read')
  return mutate(ctx, { entity: notificationEntity, action: 'Update' }, async (tx) => {
    const updated = await q.markAllRead(tx, u.idpUserId, siteId)
    return { result: { updated }, siteId, entityId: null, metadata: { read_all: true, updated } }
  })
}
