import { and, eq, sql } from 'drizzle-orm'
import type { Deps } from '../core/context.js'
import type { Db } from '../db/client.js'
import { makePartitionsAhead } from '../db/partitions.js'
import { maintenanceRuns } from '../db/schema/maintenance.js'
import { pruneAudit } from '../modules/audit/service.js'
import { maintainUsage } from '../modules/api-keys/usage.service.js'
import { deleteExpired as deleteExpiredPreviews } from '../modules/previews/service.js'
import type { Job } from './job.js'

/*
 * Tables that grow without bound: API-key usage (rolled up per day, then deleted
 * after ATRIUM_USAGE_RETENTION_DAYS) and, when ATRIUM_AUDIT_RETENTION_DAYS is set, audit entries and change history.
 * Every instance ticks hourly; the first tick of a UTC day to insert (job, day) into maintenance_runs runs that job,
 * so each runs once a day whatever the number of instances. Deletes go in short batches on the background handle
 * (embedded: the event loop gets a turn between statements).
 */

async function claim(db: Db, job: string, day: string, now: Date): Promise<boolean> {
  const rows = await db.insert(maintenanceRuns).values({ job, day, started_at: now }).onConflictDoNothing().returning({ day: maintenanceRuns.day })
  return rows.length > 0
}

async function finish(db: Db, job: string, day: string): Promise<void> {
  await db
    .update(maintenanceRuns)
    .set({ finished_at: sql`now()` })
    .where(and(eq(maintenanceRuns.job, job), eq(maintenanceRuns.day, day)))
}

const daily: Record<string, (deps: Deps) => Promise<unknown>> = {
  // First: the coming month's partitions exist before it starts (db/partitions.ts).
  partitions: (deps) => makePartitionsAhead(deps.dbh.background, deps.clock.now()),
  'api-key-usage': maintainUsage,
  'audit-retention': pruneAudit,
  'preview-expiry': deleteExpiredPreviews,
}

/** Runs each daily job not yet claimed today; returns what each job that ran reported (by name). */
export async function runDailyMaintenance(deps: Deps): Promise<Record<string, unknown>> {
  const db = deps.dbh.background
  const now = deps.clock.now()
  const day = now.toISOString().slice(0, 10)
  const out: Record<string, unknown> = {}
  for (const [job, run] of Object.entries(daily)) {
    if (!(await claim(db, job, day, now))) continue
    try {
      out[job] = await run(deps)
      await finish(db, job, day)
    } catch (err) {
      // the claim stays: the next day's run takes up what this one left (both jobs resume where they stopped)
      deps.log.error({ err, job }, 'daily maintenance job failed')
    }
  }
  return out
}

export const retentionJob: Job = {
  name: 'retention',
  everyMs: 3_600_000,
  // a day's run that no instance made while none was up (a restart, a deploy) is made at start
  atStart: true,
  run: (deps: Deps) => runDailyMaintenance(deps),
}
