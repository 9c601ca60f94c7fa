import { date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, partitionedId, timestamps, ts } from './columns.js'
import { sites } from './sites.js'

export const PERMISSIONS = ['Read', 'Write', 'Admin', 'Master'] as const
export type Permission = (typeof PERMISSIONS)[number]
export const KEY_STATUSES = ['Active', 'Blocked', 'Revoked', 'Expired'] as const
export type KeyStatus = (typeof KEY_STATUSES)[number]

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    key_digest: text('key_digest').notNull().unique('api_keys_digest_uq'),
    key_prefix: text('key_prefix').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    permission: text('permission', { enum: PERMISSIONS }).notNull(),
    site_id: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status', { enum: KEY_STATUSES }).notNull().default('Active'),
    block_reason: text('block_reason'),
    rate_limit_per_minute: integer('rate_limit_per_minute').notNull().default(20000),
    expires_at: ts('expires_at'),
    last_used_at: ts('last_used_at'),
    created_by: text('created_by'),
    blocked_at: ts('blocked_at'),
    revoked_at: ts('revoked_at'),
    ...timestamps(),
  },
  (t) => [index('api_keys_site_idx').on(t.site_id, t.created_at), index('api_keys_status_idx').on(t.status), index('api_keys_created_by_idx').on(t.created_by)],
)

/** Partitioned by month of created_at (db/partitions.ts): retention drops whole months. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    id: partitionedId(),
    /*
     * No foreign key: its check would lock the key row once per usage row, the largest cost of writing a request's
     * usage. platform/usage.ts locks each key once per batch instead, and deleting a key deletes its usage in the
     * same transaction (modules/api-keys/queries.ts): the same guarantee, no usage of a key that is gone.
     */
    api_key_id: uuid('api_key_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status_code: integer('status_code').notNull(),
    ip_hash: text('ip_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.created_at], name: 'api_key_usage_pk' }), index('api_key_usage_key_time_idx').on(t.api_key_id, t.created_at)],
)

/**
 * Requests of a key per UTC day by status class, kept 400 days (workers/retention.ts rolls the usage records up
 * before they are deleted). No foreign key, like the records: deleting a key deletes its days with it.
 */
export const apiKeyUsageDaily = pgTable(
  'api_key_usage_daily',
  {
    api_key_id: uuid('api_key_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    status_2xx: integer('status_2xx').notNull(),
    status_3xx: integer('status_3xx').notNull(),
    status_4xx: integer('status_4xx').notNull(),
    status_5xx: integer('status_5xx').notNull(),
  },
  // the answer reads a key's range by the primary key; retention deletes by day
  (t) => [primaryKey({ name: 'api_key_usage_daily_pk', columns: [t.api_key_id, t.day] }), index('api_key_usage_daily_day_idx').on(t.day)],
)

/** One row: UTC days before `rolled_before` are in api_key_usage_daily, later days are counted from the records. */
export const apiKeyUsageRollupState = pgTable('api_key_usage_rollup_state', {
  id: smallint('id').primaryKey().default(1),
  rolled_before: date('rolled_before', { mode: 'string' }).notNull(),
  updated_at: ts('updated_at').notNull().defaultNow(),
})

export type ApiKeyRow = typeof apiKeys.$inferSelect
export type ApiKeyUsageRow = typeof apiKeyUsage.$inferSelect
