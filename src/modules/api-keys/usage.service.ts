import { DELETE_BATCH, deleteInBatches, jobPace } from '../../core/background-batches.js'
import type { Ctx, Deps } from '../../core/context.js'
import { dropPartitionsBefore } from '../../db/partitions.js'
import * as q from './usage.queries.js'
import type { UsageDay } from './schemas.js'

/** Usage roll-ups are kept this long. */
export const DAILY_KEEP_DAYS = 400
/** Records reach the database in batches (platform/usage.ts): a day is rolled up once it has been over this long. */
const FLUSH_GRACE_MS = 10 * 60_000
const DAY_MS = 86_400_000

const utcDay = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS))
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * GET /api-keys/{id}/usage/daily: one entry per UTC day of the last `days` days (today included), oldest first,
 * zero-filled. Buffered records are written first, so requests made just now are counted.
 */
export async function usageDaily(ctx: Ctx, id: string, days: number): Promise<UsageDay[]> {
  await ctx.deps.usage.flush()
  const today = utcDay(ctx.clock.now())
  const from = addDays(today, -(days - 1))
  const byDay = new Map((await q.usageByDay(ctx.db, id, from)).map((r) => [r.day, r]))
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i)
    const c = byDay.get(date)
    return { date, total: c?.total ?? 0, by_status: { '2xx': c?.s2 ?? 0, '3xx': c?.s3 ?? 0, '4xx': c?.s4 ?? 0, '5xx': c?.s5 ?? 0 } }
  })
}

export interface UsageMaintenance {
  rolledDays: number
  rolledBefore: string | null
  /** Monthly partitions dropped whole (db/partitions.ts). */
  partitionsDropped: string[]
  recordsDeleted: number
  daysDeleted: number
}

/**
 * The daily usage job (workers/retention.ts claims the day): rolls every key's records of the finished UTC days up
 * into api_key_usage_daily (one short statement per key and day), then deletes records older than
 * ATRIUM_USAGE_RETENTION_DAYS, never a day not yet rolled up, and roll-ups older than 400 days, in batches.
 */
export async function maintainUsage(deps: Deps): Promise<UsageMaintenance> {
  const db = deps.dbh.background
  const paced = jobPace(deps.dbh.kind, deps.config.maintenanceShare)
  const now = deps.clock.now()
  const rollTo = utcDay(new Date(now.getTime() - FLUSH_GRACE_MS))
  const done = await q.rolledBefore(db)
  const start = done ?? (await q.oldestUsageDay(db)) ?? rollTo
  const keys = await q.keyIds(db)
  let rolledDays = 0
  for (let day = start; day < rollTo; day = addDays(day, 1)) {
    for (const k of keys) await paced(() => q.rollUpKeyDay(db, k, day))
    await q.setRolledBefore(db, addDays(day, 1))
    rolledDays++
  }
  if (done === null || done < rollTo) await q.setRolledBefore(db, rollTo)
  const retained = new Date(now.getTime() - deps.config.usageRetentionDays * DAY_MS)
  const cutoff = retained < dayStart(rollTo) ? retained : dayStart(rollTo)
  // Months wholly before the cut-off go as partitions (db/partitions.ts: one catalogue change each, whatever their
  // rows); they are rolled up already, as the cut-off is never past the roll-up. The straddling month's rows go in batches.
  const dropped = await dropPartitionsBefore(db, 'api_key_usage', cutoff)
  let recordsDeleted = 0
  for (const k of keys) recordsDeleted += await deleteInBatches(paced, () => q.deleteUsageBatch(db, k, cutoff, DELETE_BATCH))
  const daysDeleted = await deleteInBatches(paced, () => q.deleteDailyBatch(db, addDays(utcDay(now), -DAILY_KEEP_DAYS), DELETE_BATCH))
  return { rolledDays, rolledBefore: rollTo, partitionsDropped: dropped, recordsDeleted, daysDeleted }
}
