import { sql } from 'drizzle-orm'
import type { Db, ReadDb } from '../../db/client.js'
import { apiKeys, apiKeyUsage, apiKeyUsageDaily, apiKeyUsageRollupState } from '../../db/schema/api-keys.js'
import { rowsOf } from '../../db/migrate.js'

export interface DayCounts {
  day: string
  total: number
  s2: number
  s3: number
  s4: number
  s5: number
}

/**
 * A key's requests per UTC day from `from` (a date) on, in one statement (one snapshot): days before the roll-up's
 * `rolled_before` from api_key_usage_daily (its primary key), later days counted from the records
 * (api_key_usage_key_time_idx), so the answer is exact before the daily job has run. Days without requests are absent.
 */
export async function usageByDay(db: ReadDb, keyId: string, from: string): Promise<DayCounts[]> {
  const res = await db.execute(sql`
    with st as (select rolled_before from ${apiKeyUsageRollupState} where id = 1)
    select d.day::text as day, d.total, d.status_2xx as s2, d.status_3xx as s3, d.status_4xx as s4, d.status_5xx as s5
      from ${apiKeyUsageDaily} d
      where d.api_key_id = ${keyId} and d.day >= ${from}::date and d.day < (select rolled_before from st)
    union all
    select ((u.created_at at time zone 'UTC')::date)::text as day, count(*)::int as total,
        (count(*) filter (where u.status_code between 200 and 299))::int as s2,
        (count(*) filter (where u.status_code between 300 and 399))::int as s3,
        (count(*) filter (where u.status_code between 400 and 499))::int as s4,
        (count(*) filter (where u.status_code between 500 and 599))::int as s5
      from ${apiKeyUsage} u
      where u.api_key_id = ${keyId}
        and u.created_at >= (greatest(${from}::date, coalesce((select rolled_before from st), ${from}::date))::timestamp at time zone 'UTC')
      group by 1`)
  return rowsOf<DayCounts>(res).map((r) => ({ day: r.day, total: Number(r.total), s2: Number(r.s2), s3: Number(r.s3), s4: Number(r.s4), s5: Number(r.s5) }))
}

/** Days before this are rolled up; null: nothing rolled up yet. */
export async function rolledBefore(db: ReadDb): Promise<string | null> {
  const res = await db.execute(sql`select rolled_before::text as d from ${apiKeyUsageRollupState} where id = 1`)
  return rowsOf<{ d: string }>(res)[0]?.d ?? null
}

export async function setRolledBefore(db: Db, day: string): Promise<void> {
  await db.execute(sql`insert into ${apiKeyUsageRollupState} (id, rolled_before, updated_at) values (1, ${day}::date, now())
    on conflict (id) do update set rolled_before = greatest(${apiKeyUsageRollupState.rolled_before}, excluded.rolled_before), updated_at = now()`)
}

export async function keyIds(db: ReadDb): Promise<string[]> {
  return (await db.select({ id: apiKeys.id }).from(apiKeys)).map((r) => r.id)
}

/** The UTC day of the oldest usage record, one index probe per key (api_key_usage_key_time_idx; no index on time alone). */
export async function oldestUsageDay(db: ReadDb): Promise<string | null> {
  const res = await db.execute(sql`select ((min(m.t) at time zone 'UTC')::date)::text as d from ${apiKeys} k,
    lateral (select min(u.created_at) as t from ${apiKeyUsage} u where u.api_key_id = k.id) m`)
  return rowsOf<{ d: string | null }>(res)[0]?.d ?? null
}

/** One key's one UTC day counted from its records into the roll-up (idempotent: a second run writes the same row). */
export async function rollUpKeyDay(db: Db, keyId: string, day: string): Promise<void> {
  await db.execute(sql`insert into ${apiKeyUsageDaily} (api_key_id, day, total, status_2xx, status_3xx, status_4xx, status_5xx)
    select ${keyId}::uuid, ${day}::date, count(*),
      count(*) filter (where status_code between 200 and 299), count(*) filter (where status_code between 300 and 399),
      count(*) filter (where status_code between 400 and 499), count(*) filter (where status_code between 500 and 599)
    from ${apiKeyUsage}
    where api_key_id = ${keyId} and created_at >= (${day}::date::timestamp at time zone 'UTC') and created_at < ((${day}::date + 1)::timestamp at time zone 'UTC')
    having count(*) > 0
    on conflict (api_key_id, day) do update set total = excluded.total, status_2xx = excluded.status_2xx, status_3xx = excluded.status_3xx,
      status_4xx = excluded.status_4xx, status_5xx = excluded.status_5xx`)
}

/* Retention deletes: at most `limit` rows per statement, found through an index, deleted by ctid. */

export async function deleteUsageBatch(db: Db, keyId: string, before: Date, limit: number): Promise<number> {
  // By primary key, not ctid: the table is partitioned (db/partitions.ts), and a ctid is unique within one partition only.
  const res = await db.execute(sql`delete from ${apiKeyUsage} where (id, created_at) in (
    select id, created_at from ${apiKeyUsage} where api_key_id = ${keyId} and created_at < ${before} limit ${limit}) returning 1`)
  return rowsOf(res).length
}

export async function deleteDailyBatch(db: Db, beforeDay: string, limit: number): Promise<number> {
  const res = await db.execute(sql`delete from ${apiKeyUsageDaily} where ctid = any(array(
    select ctid from ${apiKeyUsageDaily} where day < ${beforeDay}::date limit ${limit})) returning 1`)
  return rowsOf(res).length
}
