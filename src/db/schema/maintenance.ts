import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { ts } from './columns.js'

/** Claims of the daily maintenance jobs (workers/retention.ts): the instance that inserts (job, UTC day) runs it. */
export const maintenanceRuns = pgTable(
  'maintenance_runs',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    started_at: ts('started_at').notNull().defaultNow(),
    finished_at: ts('finished_at'),
  },
  (t) => [primaryKey({ name: 'maintenance_runs_pk', columns: [t.job, t.day] })],
)
