import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, liveIndex, ownedBy, partitionedId, softDeleteTimestamps, ts } from './columns.js'
import { siteOwned } from './sites.js'

/** Webhooks of a site; `secret` (whsec_…) signs deliveries and is shown only on creation. */
export const webhooks = pgTable(
  'webhooks',
  {
    ...siteOwned(),
    url: text('url').notNull(),
    description: text('description'),
    /** Subscribed event types; empty: every event. */
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secret: text('secret').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...softDeleteTimestamps(),
  },
  (t) => [liveIndex('webhooks_site_idx', t, t.site_id, t.created_at)],
)

/**
 * One event to one webhook: created in the transaction of the change that wrote the outbox event (core/mutation.ts;
 * unique per webhook and event: never twice), then sent and retried until a 2xx or the last attempt, or cancelled
 * when the webhook is deleted or deactivated.
 * Its id is the `webhook-id` header of every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhook_id: ownedBy('webhook_id', () => webhooks.id),
    /** Outbox event; null for a test send. */
    event_id: uuid('event_id'),
    event_type: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending, succeeded, failed, cancelled */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The attempt after which a failure ends the delivery: 6, or one more than made when an admin redelivers it. */
    attempt_limit: integer('attempt_limit').notNull().default(6),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    /** Claimed by a sender until then (a crashed sender's claim runs out). */
    locked_until: ts('locked_until'),
    created_at: createdAt(),
    completed_at: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.webhook_id, t.event_id),
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_completed_idx').on(t.completed_at),
  ],
)

/**
 * The delivery log: one row per attempt (decisions.md "Webhooks": the delivery record). Partitioned by month of
 * created_at (db/partitions.ts): retention drops whole months.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: partitionedId(),
    delivery_id: ownedBy('delivery_id', () => webhookDeliveries.id),
    webhook_id: ownedBy('webhook_id', () => webhooks.id),
    event_type: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    status_code: integer('status_code'),
    response_time_ms: integer('response_time_ms'),
    error: text('error'),
    success: boolean('success').notNull(),
    /** What was sent (the signing headers, never the secret) and answered; bodies cut to their first 4 KiB. */
    request_headers: jsonb('request_headers').$type<Record<string, string>>(),
    request_body: text('request_body'),
    /** Null when no answer came (refused target, connection error, time-out). */
    response_headers: jsonb('response_headers').$type<Record<string, string>>(),
    response_body: text('response_body'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.created_at], name: 'webhook_attempts_pk' }),
    index('webhook_attempts_webhook_idx').on(t.webhook_id, t.created_at),
    index('webhook_attempts_created_idx').on(t.created_at),
  ],
)

export type WebhookRow = typeof webhooks.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect
