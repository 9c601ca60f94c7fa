import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.js'
import { siteOwned } from './sites.js'

export const NOTIFICATION_TYPES = ['content_submitted', 'content_approved', 'content_changes_requested'] as const

/** In-app notifications, written in the same transaction as the workflow change that causes them. */
export const notifications = pgTable(
  'notifications',
  {
    ...siteOwned(),
    recipient_idp_id: text('recipient_idp_id').notNull(),
    notification_type: text('notification_type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    is_read: boolean('is_read').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('notifications_recipient_idx').on(t.recipient_idp_id, t.site_id, t.created_at)],
)

export type NotificationRow = typeof notifications.$inferSelect
