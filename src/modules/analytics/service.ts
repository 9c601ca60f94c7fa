import { backgroundCtx, type Ctx, type Deps } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { Db } from '../../db/client.js'
import { dropPartitionsBefore } from '../../db/partitions.js'
import { notFound } from '../../http/errors.js'
import { analyticsEntity } from './entity.js'
import { pageviewBuffer, utcDay } from './ingest.service.js'
import * as q from './queries.js'
import type { AggregateQuery, AggregateResult, AnalyticsReport, ReportQuery } from './schemas.js'

/*
 * Days are days of the site's time zone (sites.timezone). Local days before the site's `aggregated_before`
 * are answered from the daily tables, the rest from raw events, so a report is exact without waiting for the
 * roll-up (pageviews reach the database within the buffer's flush interval). Visitor hashes cannot be linked
 * across days (the salt changes every UTC day), so unique visitors over several days are the sum of each day's.
 */

/** YYYY-MM-DD of an instant in a time zone. */
export function localDay(at: Date, timezone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
  } catch {
    return utcDay(at)
  }
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

const maxDay = (a: string, b: string) => (a > b ? a : b)
const minDay = (a: string, b: string) => (a < b ? a : b)

export async function report(ctx: Ctx, siteId: string, query: ReportQuery): Promise<AnalyticsReport> {
  const site = (await q.siteClock(ctx.db, siteId)) ?? notFound('site')
  const to = localDay(ctx.clock.now(), site.timezone)
  const from = addDays(to, -(query.days - 1))
  // Days from `split` on come from raw events.
  const split = minDay(maxDay(site.aggregatedBefore ?? from, from), addDays(to, 1))
  const [days, top] = await Promise.all([
    q.trendRows(ctx.db, siteId, site.timezone, from, split, to),
    q.topPaths(ctx.db, siteId, site.timezone, from, split, to, query.top_n),
  ])
  const byDay = new Map<string, { views: number; uniques: number }>()
  for (const d of days) {
    const seen = byDay.get(d.date) ?? { views: 0, uniques: 0 }
    byDay.set(d.date, { views: seen.views + d.views, uniques: seen.uniques + d.uniques })
  }
  const trend: AnalyticsReport['trend'] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const c = byDay.get(day)
    trend.push({ date: day, total_views: c?.views ?? 0, unique_visitors: c?.uniques ?? 0 })
  }
  return {
    total_views: trend.reduce((n, d) => n + d.total_views, 0),
    total_unique_visitors: trend.reduce((n, d) => n + d.unique_visitors, 0),
    top_content: top.map((p) => ({ path: p.path, total_views: p.views, unique_visitors: p.uniques })),
    trend,
  }
}

export const AGGREGATED = 'aggregated'

/**
 * Rolls the site's raw events of complete local days (before today) into the daily tables, recomputing each day
 * from raw (SET, so a second run changes nothing), then deletes raw events of local days older than
 * `retention_days`. The last aggregated day is recomputed too, for pageviews that reached the database late.
 * One transaction, audited as `Update analytics` on the site. Pageviews still in this instance's buffer are
 * written first.
 */
export async function aggregate(ctx: Ctx, siteId: string, query: AggregateQuery): Promise<AggregateResult> {
  await pageviewBuffer(ctx.deps).flush()
  const site = (await q.siteClock(ctx.db, siteId)) ?? notFound('site')
  const now = ctx.clock.now()
  const today = localDay(now, site.timezone)
  const cutoff = addDays(today, -query.retention_days)
  return mutate(ctx, { entity: analyticsEntity, action: 'Update' }, async (tx) => {
    const before = await q.lockRollupState(tx, siteId)
    const from = before === null ? null : minDay(addDays(before, -1), today)
    // One local day with events per statement: embedded, each statement holds the event loop, and a month of
    // pageviews in one statement stalled every request for a third of a second (bench/stalls.ts).
    const tz = site.timezone
    let written = 0
    for (let day = await q.nextEventDay(tx, siteId, tz, from, today); day !== null; day = await q.nextEventDay(tx, siteId, tz, addDays(day, 1), today)) {
      written += await q.recomputeDays(tx, siteId, tz, day, addDays(day, 1))
    }
    let deleted = 0
    for (let day = await q.nextEventDay(tx, siteId, tz, null, cutoff); day !== null; day = await q.nextEventDay(tx, siteId, tz, addDays(day, 1), cutoff)) {
      deleted += await q.deleteEventsBefore(tx, siteId, tz, addDays(day, 1), day)
    }
    await q.setAggregatedBefore(tx, siteId, today, now)
    return {
      result: { rows_affected: written + deleted, action: AGGREGATED },
      siteId,
      entityId: siteId,
      metadata: {
        action: AGGREGATED,
        aggregated_before: today,
        recomputed_from: from,
        stats_rows: written,
        retention_days: query.retention_days,
        events_deleted: deleted,
      },
    }
  })
}

export interface RollupOutcome {
  /** false: another instance (or an earlier tick) already ran today's roll-up. */
  claimed: boolean
  sites: string[]
  saltsDeleted: number
  /** Monthly partitions of raw pageviews dropped whole (dropExpiredEventMonths). */
  partitionsDropped?: string[]
}

/**
 * Raw pageviews of whole UTC months before every site's retention cut-off, dropped as partitions (db/partitions.ts)
 * instead of deleted row by row. A site's cut-off is a local day (`retention_days` before its today); an instant a
 * day before the UTC start of the earliest cut-off falls before that local day in every time zone (offsets are under
 * 24 h), so a month ending by then holds no row any site still keeps. Each site's own roll-up has already read those
 * days (they are before its today) and deleted them, up to the month that straddles the cut-off.
 */
export async function dropExpiredEventMonths(db: Db, now: Date, retentionDays: number): Promise<string[]> {
  const before = new Date(`${addDays(utcDay(now), -retentionDays - 1)}T00:00:00Z`)
  return dropPartitionsBefore(db, 'analytics_events', before)
}

/**
 * The daily job (workers/analytics-rollup.ts): deletes the salts of past UTC days on every tick, and once per
 * UTC day (claimed by inserting the day's row, so one instance runs it) aggregates every live site with
 * analytics on and raw events, with ATRIUM_ANALYTICS_RETENTION_DAYS. A site that fails is logged and left for
 * the next day; the others go on.
 */
export async function rollup(deps: Deps): Promise<RollupOutcome> {
  const ctx = backgroundCtx(deps, 'job:analytics-rollup')
  const now = ctx.clock.now()
  const day = utcDay(now)
  const saltsDeleted = await q.deleteSaltsBefore(deps.dbh.background, day)
  if (!(await q.claimRollupDay(deps.dbh.background, day, now))) return { claimed: false, sites: [], saltsDeleted }
  const done: string[] = []
  const sites = await q.sitesToRollUp(ctx.db)
  for (const siteId of sites) {
    try {
      await aggregate(ctx, siteId, { retention_days: deps.config.analyticsRetentionDays })
      done.push(siteId)
    } catch (err) {
      ctx.log.error({ err, siteId }, 'analytics roll-up of a site failed')
    }
  }
  // Only when every site rolled up: a site left for tomorrow may still have days in those months to aggregate.
  const partitionsDropped = done.length === sites.length ? await dropExpiredEventMonths(deps.dbh.background, now, deps.config.analyticsRetentionDays) : []
  await q.finishRollupDay(deps.dbh.background, day, ctx.clock.now())
  return { claimed: true, sites: done, saltsDeleted, partitionsDropped }
}
