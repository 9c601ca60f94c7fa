import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { jwtOnly } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { IdParams, SiteParams } from '../../http/schemas.js'
import { Notification, NotificationQuery, ReadAllResult, UnreadCount } from './schemas.js'
import * as notifications from './service.js'
const JWT_ONLY = 'Identity-provider users only (API keys: 403); the site must be one of theirs (else 404).'

const route = operations('Notifications', {
  listNotifications: ['List your notifications on a site', `Newest first; per_page defaults to 20. ${JWT_ONLY}`],
  countUnreadNotifications: ['Count your unread notifications on a site', JWT_ONLY],
  markNotificationRead: ['Mark one of your notifications read', 'Only your own notification: another user’s is 404. Idempotent.'],
  markAllNotificationsRead: ['Mark all your notifications on a site read', `Answers how many changed. ${JWT_ONLY}`],
})

/** Notifications of JWT users (a key has no inbox); written by submit, approve and request-changes. */
export const notificationRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/notifications',
    route('listNotifications', { access: jwtOnly, params: SiteParams, querystring: NotificationQuery, response: { 200: Paginated(Notification) } }),
    (req) => notifications.list(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/sites/:site_id/notifications/unread-count',
    route('countUnreadNotifications', { access: jwtOnly, params: SiteParams, response: { 200: UnreadCount } }),
    (req) => notifications.unreadCount(req.ctx, req.params.site_id),
  )

  app.put('/notifications/:id/read', route('markNotificationRead', { access: jwtOnly, params: IdParams, response: { 200: Notification } }), (req) =>
    notifications.markRead(req.ctx, req.params.id),
  )

  app.put(
    '/sites/:site_id/notifications/read-all',
    route('markAllNotificationsRead', { access: jwtOnly, params: SiteParams, response: { 200: ReadAllResult } }),
    (req) => notifications.markAllRead(req.ctx, req.params.site_id),
  )
}
