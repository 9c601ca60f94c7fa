import type { AppPlugin } from '../../http/app-types.js'
import { jwtOnly } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { IdParams, SiteParams, op } from '../../http/schemas.js'
import { Notification, NotificationQuery, ReadAllResult, UnreadCount } from './schemas.js'
import * as notifications from './service.js'

const tags = ['Notifications']
const JWT_ONLY = 'Identity-provider users only (API keys: 403); the site must be one of theirs (else 404).'

/** Notifications of JWT users (a key has no inbox); written by submit, approve and request-changes. */
export const notificationRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/notifications',
    {
      config: { access: jwtOnly },
      schema: {
        ...op('listNotifications', 'List your notifications on a site'),
        tags,
        description: `Newest first; per_page defaults to 20. ${JWT_ONLY}`,
        params: SiteParams,
        querystring: NotificationQuery,
        response: { 200: Paginated(Notification) },
      },
    },
    (req) => notifications.list(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/sites/:site_id/notifications/unread-count',
    {
      config: { access: jwtOnly },
      schema: {
        ...op('countUnreadNotifications', 'Count your unread notifications on a site'),
        tags,
        description: JWT_ONLY,
        params: SiteParams,
        response: { 200: UnreadCount },
      },
    },
    (req) => notifications.unreadCount(req.ctx, req.params.site_id),
  )

  app.put(
    '/notifications/:id/read',
    {
      config: { access: jwtOnly },
      schema: {
        ...op('markNotificationRead', 'Mark one of your notifications read'),
        tags,
        description: 'Only your own notification: another user’s is 404. Idempotent.',
        params: IdParams,
        response: { 200: Notification },
      },
    },
    (req) => notifications.markRead(req.ctx, req.params.id),
  )

  app.put(
    '/sites/:site_id/notifications/read-all',
    {
      config: { access: jwtOnly },
      schema: {
        ...op('markAllNotificationsRead', 'Mark all your notifications on a site read'),
        tags,
        description: `Answers how many changed. ${JWT_ONLY}`,
        params: SiteParams,
        response: { 200: ReadAllResult },
      },
    },
    (req) => notifications.markAllRead(req.ctx, req.params.site_id),
  )
}
