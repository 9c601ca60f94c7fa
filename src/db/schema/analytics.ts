import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, ts, updatedAt } from './columns.js'
import { siteId, sites } from './sites.js'

/*
 * Privacy-first analytics. No IP, no user agent, no cookie id is ever stored: a raw
 * event keeps the normalised path, the referrer's domain and a visitor hash that only means something within
 * one UTC day (its salt is deleted after the day).
 */

/**
 * Raw pageviews, written in batches by the ingestion buffer; rolled into daily stats and deleted after retention.
 * Partitioned by month of occurred_at (db/partitions.ts): retention drops whole months.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    site_id: siteId(),
    path: text('path').notNull(),
    referrer_domain: text('referrer_domain'),
    /** hex SHA-256(daily salt, site id, client IP, user agent) */
    visitor_hash: text('visitor_hash').notNull(),
    occurred_at: ts('occurred_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.occurred_at], name: 'analytics_events_pk' }), index('analytics_events_site_time_idx').on(t.site_id, t.occurred_at)],
)

/** Views and unique visitors per path per day of the site's time zone (recomputed from raw events: SET, never ADD). */
export const analyticsDailyStats = pgTable(
  'analytics_daily_stats',
  {
    site_id: siteId(),
    date: date('date', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull(),
    unique_visitors: integer('unique_visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.date, t.path], name: 'analytics_daily_stats_pk' })],
)

/**
 * The whole site per day: distinct visitors across paths cannot be summed from per-path uniques, so they are
 * counted and stored here when the day is aggregated.
 */
export const analyticsDailyTotals = pgTable(
  'analytics_daily_totals',
  {
    site_id: siteId(),
    date: date('date', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
    unique_visitors: integer('unique_visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.date], name: 'analytics_daily_totals_pk' })],
)

/** Per site: local days before `aggregated_before` are answered from the daily tables, later days from raw events. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  site_id: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  aggregated_before: date('aggregated_before', { mode: 'string' }),
  updated_at: updatedAt(),
})

/** The daily salt of the visitor hash, one per UTC day, shared by every instance; deleted once its day is over. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  created_at: createdAt(),
})

/** Claims of the daily roll-up job: the instance that inserts a UTC day's row runs that day's roll-up. */
export const analyticsRollupRuns = pgTable('analytics_rollup_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  started_at: ts('started_at').notNull().defaultNow(),
  finished_at: ts('finished_at'),
})

export type AnalyticsEventInsert = typeof analyticsEvents.$inferInsert
