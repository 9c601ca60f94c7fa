import { Type, type Static } from 'typebox'
import { NOTIFICATION_TYPES } from '../../db/schema/notifications.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { Timestamp, Uuid, presenter } from '../../http/schemas.js'

/** A notification: per user and per site. */
export const Notification = Type.Object(
  {
    id: Uuid,
    site_id: Uuid,
    recipient_idp_id: Type.String({ description: 'The identity-provider user id of the recipient' }),
    notification_type: Type.Enum(NOTIFICATION_TYPES),
    title: Type.String(),
    message: Type.String(),
    entity_type: Type.String(),
    entity_id: Uuid,
    is_read: Type.Boolean(),
    created_at: Timestamp,
  },
  { $id: 'Notification' },
)
export type Notification = Static<typeof Notification>
export const presentNotification = presenter(Notification)

export const NotificationQuery = PageQuerySchema(20)
export type NotificationQuery = Static<typeof NotificationQuery>

export const UnreadCount = Type.Object({ unread_count: Type.Integer() }, { $id: 'UnreadCount' })
export const ReadAllResult = Type.Object({ updated: Type.Integer() }, { $id: 'NotificationsMarkedRead' })
