import { sql } from 'drizzle-orm'
import type { Db } from './client.js'

/*
 * Monthly partitions of the append-only tables (decisions.md "Read replicas and growing tables"; README "Growing
 * tables"). Each table is partitioned by range of its time column, one partition per UTC month named
 * `<table>_pYYYYMM`, plus `<table>_default` for rows outside every month made so far (a clock far off, an import of
 * old rows), so an insert never fails for want of a partition. The daily job makes the coming months ahead; retention
 * drops the partitions wholly older than its cut-off instead of deleting their rows one by one.
 */

export interface PartitionedTable {
  table: string
  column: string
}

/** The partitioned tables and their time columns (migration 0025 made them). */
export const PARTITIONED: readonly PartitionedTable[] = [
  { table: 'api_key_usage', column: 'created_at' },
  { table: 'analytics_events', column: 'occurred_at' },
  { table: 'webhook_attempts', column: 'created_at' },
]

/** First day of the UTC month of `d`, `months` later. */
export function monthStart(d: Date, months = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1))
}

const monthName = (table: string, m: Date) => `${table}_p${m.getUTCFullYear()}${String(m.getUTCMonth() + 1).padStart(2, '0')}`

type Rows<T> = T[] | { rows: T[] }
const rowsOf = <T>(res: Rows<T>): T[] => (Array.isArray(res) ? res : res.rows)

/** The monthly partitions of a table with their month, oldest first. */
export async function monthlyPartitions(db: Db, table: string): Promise<Array<{ name: string; month: Date }>> {
  const res = (await db.execute(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname = ${table} and p.relnamespace = current_schema()::regnamespace`)) as Rows<{ name: string }>
  const out: Array<{ name: string; month: Date }> = []
  for (const { name } of rowsOf(res)) {
    const m = /_p(\d{4})(\d{2})$/.exec(name)
    if (m) out.push({ name, month: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) })
  }
  return out.sort((a, b) => a.month.getTime() - b.month.getTime())
}

/**
 * Makes the month's partition when it is missing. Rows of that month already in the default partition move into it
 * in the same transaction (attaching a range the default still holds rows of would fail).
 */
export async function ensureMonth(db: Db, t: PartitionedTable, month: Date): Promise<boolean> {
  const existing = await monthlyPartitions(db, t.table)
  if (existing.some((p) => p.month.getTime() === month.getTime())) return false
  const name = monthName(t.table, month)
  const from = month.toISOString()
  const to = monthStart(month, 1).toISOString()
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`create table if not exists "${name}" (like "${t.table}" including defaults)`))
    await tx.execute(
      sql.raw(`with moved as (delete from "${t.table}_default" where "${t.column}" >= '${from}' and "${t.column}" < '${to}' returning *)
        insert into "${name}" select * from moved`),
    )
    await tx.execute(sql.raw(`alter table "${t.table}" attach partition "${name}" for values from ('${from}') to ('${to}')`))
  })
  return true
}

/** The current month and the next `ahead` ones, for every partitioned table (the daily job). */
export async function makePartitionsAhead(db: Db, now: Date, ahead = 1): Promise<string[]> {
  const made: string[] = []
  for (const t of PARTITIONED) {
    for (let i = 0; i <= ahead; i++) {
      const m = monthStart(now, i)
      if (await ensureMonth(db, t, m)) made.push(monthName(t.table, m))
    }
  }
  return made
}

/**
 * Drops the table's monthly partitions that end at or before `before`: their rows are all past retention. A drop
 * is one catalogue change (a brief exclusive lock on the parent), whatever the number of rows; the rows of the
 * month that straddles the cut-off are left to the caller's batched delete.
 */
export async function dropPartitionsBefore(db: Db, table: string, before: Date): Promise<string[]> {
  const dropped: string[] = []
  for (const p of await monthlyPartitions(db, table)) {
    if (monthStart(p.month, 1).getTime() > before.getTime()) continue
    await db.execute(sql.raw(`drop table if exists "${p.name}"`))
    dropped.push(p.name)
  }
  return dropped
}
