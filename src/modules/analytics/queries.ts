import { eq, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, ReadDb, Tx } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { analyticsEvents, analyticsRollupRuns, analyticsRollupState, analyticsSalts } from '../../db/schema/analytics.js'
import { sites } from '../../db/schema/sites.js'

/** One buffered pageview, as it is written: nothing of the IP or user agent. */
export interface PageviewRow {
  site_id: string
  path: string
  referrer_domain: string | null
  visitor_hash: string
  occurred_at: Date
}

/**
 * One statement per batch: five array parameters unnested into rows, so a batch of thousands costs one parse and
 * no per-row parameters (works the same on PGlite and the server).
 */
export async function insertEvents(db: Db, rows: readonly PageviewRow[]): Promise<void> {
  if (rows.length === 0) return
  await db.execute(sql`insert into ${analyticsEvents} (site_id, path, referrer_domain, visitor_hash, occurred_at)
    select * from unnest(
      ${sql.param(rows.map((r) => r.site_id))}::uuid[],
      ${sql.param(rows.map((r) => r.path))}::text[],
      ${sql.param(rows.map((r) => r.referrer_domain))}::text[],
      ${sql.param(rows.map((r) => r.visitor_hash))}::text[],
      ${sql.param(rows.map((r) => r.occurred_at.toISOString()))}::timestamptz[])`)
}

/** Of these site ids, those that still exist (a batch naming a removed site would otherwise fail as a whole). */
export async function existingSiteIds(db: ReadDb, ids: readonly string[]): Promise<Set<string>> {
  const res = await db.execute(sql`select id::text as id from ${sites} where id = any(${sql.param([...ids])}::uuid[])`)
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id))
}

/** The salt of a UTC day, creating it when no instance has yet (insert-on-conflict: every instance ends with the same). */
export async function saltOf(db: Db, day: string, candidate: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing()
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day)).limit(1)
  if (!row) throw new Error(`analytics salt of ${day} vanished`)
  return row.salt
}

/** Deletes the salts of days before `today` (UTC): hashes of those days can no longer be linked to anyone. */
export async function deleteSaltsBefore(db: Db, today: string): Promise<number> {
  const gone = await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today)).returning({ day: analyticsSalts.day })
  return gone.length
}

/** Claims the roll-up of a UTC day for this instance; false when another instance already has it. */
export async function claimRollupDay(db: Db, day: string, now: Date): Promise<boolean> {
  const rows = await db.insert(analyticsRollupRuns).values({ day, started_at: now }).onConflictDoNothing().returning({ day: analyticsRollupRuns.day })
  return rows.length > 0
}

export async function finishRollupDay(db: Db, day: string, now: Date): Promise<void> {
  await db.update(analyticsRollupRuns).set({ finished_at: now }).where(eq(analyticsRollupRuns.day, day))
}

/** Live sites with analytics on that have raw events to roll up (analytics_events_site_time_idx answers the exists). */
export async function sitesToRollUp(db: ReadDb): Promise<string[]> {
  const res = await db.execute(sql`select s.id::text as id from ${sites} s
    where s.deleted_at is null and s.analytics_enabled
      and exists (select 1 from ${analyticsEvents} e where e.site_id = s.id)
    order by s.id`)
  return rowsOf<{ id: string }>(res).map((r) => r.id)
}

export interface SiteClock {
  timezone: string
  /** Local days before this one are in the daily tables; null: nothing aggregated yet. */
  aggregatedBefore: string | null
}

export async function siteClock(db: ReadDb, siteId: string): Promise<SiteClock | undefined> {
  const res = await db.execute(sql`select s.timezone, st.aggregated_before::text as aggregated_before
    from ${sites} s left join ${analyticsRollupState} st on st.site_id = s.id
    where s.id = ${siteId} and s.deleted_at is null`)
  const [row] = rowsOf<{ timezone: string; aggregated_before: string | null }>(res)
  return row && { timezone: row.timezone, aggregatedBefore: row.aggregated_before }
}

/** Locks the site's roll-up state (creating it), so two aggregations of one site run one after the other. */
export async function lockRollupState(tx: Tx, siteId: string): Promise<string | null> {
  await tx.insert(analyticsRollupState).values({ site_id: siteId }).onConflictDoNothing()
  const [row] = await tx
    .select({ before: sql<string | null>`${analyticsRollupState.aggregated_before}::text` })
    .from(analyticsRollupState)
    .where(eq(analyticsRollupState.site_id, siteId))
    .for('update')
  return row?.before ?? null
}

export async function setAggregatedBefore(tx: Tx, siteId: string, day: string, now: Date): Promise<void> {
  await tx.update(analyticsRollupState).set({ aggregated_before: day, updated_at: now }).where(eq(analyticsRollupState.site_id, siteId))
}

/** Start of a local day of `tz` as an instant. */
const dayStart = (day: string, tz: string): SQL => sql`(${day}::date::timestamp at time zone ${tz})`

/** Raw events of the site in [from, to) local days (from null: since the first event). */
function rawWindow(siteId: string, tz: string, from: string | null, to: string): SQL {
  const lower = from === null ? sql`` : sql` and e.occurred_at >= ${dayStart(from, tz)}`
  return sql`e.site_id = ${siteId} and e.occurred_at < ${dayStart(to, tz)}${lower}`
}

/**
 * Recomputes the daily rows of every local day in [from, to) that has raw events, from the raw events alone:
 * an upsert that SETs, so running it again changes nothing. Returns the rows written (per path plus per day).
 */
export async function recomputeDays(tx: Tx, siteId: string, tz: string, from: string | null, to: string): Promise<number> {
  const where = rawWindow(siteId, tz, from, to)
  const local = sql`(e.occurred_at at time zone ${tz})::date`
  const perPath = await tx.execute(sql`with up as (
      insert into analytics_daily_stats (site_id, date, path, views, unique_visitors)
      select ${siteId}::uuid, ${local}, e.path, count(*), count(distinct e.visitor_hash)
      from ${analyticsEvents} e where ${where} group by 2, 3
      on conflict (site_id, date, path) do update set views = excluded.views, unique_visitors = excluded.unique_visitors
      returning 1)
    select count(*)::int as n from up`)
  const perDay = await tx.execute(sql`with up as (
      insert into analytics_daily_totals (site_id, date, views, unique_visitors)
      select ${siteId}::uuid, ${local}, count(*), count(distinct e.visitor_hash)
      from ${analyticsEvents} e where ${where} group by 2
      on conflict (site_id, date) do update set views = excluded.views, unique_visitors = excluded.unique_visitors
      returning 1)
    select count(*)::int as n from up`)
  return (rowsOf<{ n: number }>(perPath)[0]?.n ?? 0) + (rowsOf<{ n: number }>(perDay)[0]?.n ?? 0)
}

/**
 * The first local day, from `from` on (all of them when null) and before `before`, on which the site has raw
 * events; null when there is none. One index lookup (analytics_events_site_time_idx).
 */
export async function nextEventDay(tx: Tx, siteId: string, tz: string, from: string | null, before: string): Promise<string | null> {
  const res = await tx.execute(
    sql`select (min(e.occurred_at) at time zone ${tz})::date::text as day from ${analyticsEvents} e where ${rawWindow(siteId, tz, from, before)}`,
  )
  return rowsOf<{ day: string | null }>(res)[0]?.day ?? null
}

/** Deletes the site's raw events of local days before `cutoff` (whole days only), from local day `from` on when given. */
export async function deleteEventsBefore(tx: Tx, siteId: string, tz: string, cutoff: string, from: string | null = null): Promise<number> {
  const res = await tx.execute(sql`with gone as (
      delete from ${analyticsEvents} e where ${rawWindow(siteId, tz, from, cutoff)} returning 1)
    select count(*)::int as n from gone`)
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0
}

export interface DayCount {
  date: string
  views: number
  uniques: number
}
export interface PathCount {
  path: string
  views: number
  uniques: number
}

/**
 * Daily totals of local days [from, to]: the daily table for days before `split`, raw events from `split` on.
 */
export async function trendRows(db: ReadDb, siteId: string, tz: string, from: string, split: string, to: string): Promise<DayCount[]> {
  const res = await db.execute(sql`
    select date::text as date, views, unique_visitors as uniques from analytics_daily_totals
      where site_id = ${siteId} and date >= ${from}::date and date < ${split}::date
    union all
    select (e.occurred_at at time zone ${tz})::date::text, count(*)::int, count(distinct e.visitor_hash)::int
      from ${analyticsEvents} e
      where e.site_id = ${siteId} and e.occurred_at >= ${dayStart(split, tz)} and e.occurred_at < (${dayStart(to, tz)} + interval '1 day')
      group by 1`)
  return rowsOf<DayCount>(res).map((r) => ({ date: r.date, views: Number(r.views), uniques: Number(r.uniques) }))
}

/** Top paths of local days [from, to] by views (ties by path), uniques summed per day; same split as trendRows. */
export async function topPaths(db: ReadDb, siteId: string, tz: string, from: string, split: string, to: string, limit: number): Promise<PathCount[]> {
  const res = await db.execute(sql`
    select path, sum(views)::int as views, sum(uniques)::int as uniques from (
      select path, views, unique_visitors as uniques from analytics_daily_stats
        where site_id = ${siteId} and date >= ${from}::date and date < ${split}::date
      union all
      select e.path, count(*), count(distinct e.visitor_hash)
        from ${analyticsEvents} e
        where e.site_id = ${siteId} and e.occurred_at >= ${dayStart(split, tz)} and e.occurred_at < (${dayStart(to, tz)} + interval '1 day')
        group by (e.occurred_at at time zone ${tz})::date, e.path
    ) x group by path order by views desc, path asc limit ${limit}`)
  return rowsOf<PathCount>(res).map((r) => ({ path: r.path, views: Number(r.views), uniques: Number(r.uniques) }))
}
