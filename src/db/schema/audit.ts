import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, ts } from './columns.js'

/** One row per mutation, written by core/mutation.ts in the mutation's own transaction. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    site_id: uuid('site_id'),
    /** The acting identity-provider user (JWT callers); null for API keys and the service's own jobs. */
    user_id: uuid('user_id'),
    /** The acting API key; null for users and jobs. No foreign key: the trail outlives a deleted key. */
    api_key_id: uuid('api_key_id'),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id'),
    /** The record's title, name, slug or route when the entry was written (null: it has none), so a log reads in names. */
    record_label: text('record_label'),
    metadata: jsonb('metadata'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_logs_site_time_idx').on(t.site_id, t.created_at),
    index('audit_logs_entity_idx').on(t.entity_type, t.entity_id, t.created_at),
    index('audit_logs_user_idx').on(t.user_id, t.created_at),
    index('audit_logs_key_idx').on(t.api_key_id, t.created_at),
    // retention (workers/retention.ts deletes entries older than ATRIUM_AUDIT_RETENTION_DAYS in batches)
    index('audit_logs_created_idx').on(t.created_at),
  ],
)

/** Field-level before/after values, the basis of revert. */
export const changeHistory = pgTable(
  'change_history',
  {
    id: id(),
    site_id: uuid('site_id'),
    audit_log_id: uuid('audit_log_id').references(() => auditLogs.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    field_name: text('field_name').notNull(),
    old_value: jsonb('old_value'),
    new_value: jsonb('new_value'),
    /** As audit_logs.user_id and api_key_id. */
    changed_by: uuid('changed_by'),
    api_key_id: uuid('api_key_id'),
    changed_at: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('change_history_entity_idx').on(t.entity_type, t.entity_id, t.changed_at),
    index('change_history_user_idx').on(t.changed_by),
    index('change_history_key_idx').on(t.api_key_id),
    // retention: the batches by age, and the cascade from a deleted audit row
    index('change_history_changed_idx').on(t.changed_at),
    index('change_history_audit_log_idx').on(t.audit_log_id),
  ],
)

/** Transactional outbox: events written with the change; the webhook worker fans them out to deliveries. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    site_id: uuid('site_id'),
    event_type: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    created_at: createdAt(),
    dispatched_at: ts('dispatched_at'),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.created_at)
      .where(sql`${t.dispatched_at} is null`),
    // retention (workers/webhook-delivery.ts prunes dispatched events)
    index('outbox_events_dispatched_idx').on(t.dispatched_at),
  ],
)

export type AuditLogRow = typeof auditLogs.$inferSelect
export type ChangeHistoryRow = typeof changeHistory.$inferSelect
