import { and, asc, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { DbHandle, ReadDb } from '../../db/client.js'
import { idsOf, specOf, type TableSpec } from './tables.queries.js'

/* The reads of an export: keyset batches of each table's rows, counts, the stored files, the locale mapping. */

export const BATCH = 500

const siteParam = (id: string): SQL => sql`${id}::uuid`

/** db.execute answers `{ rows }` (node-postgres, PGlite) or an array (some drivers). */
function rowsOfResult<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[]
}

/** Select fields of a table: every column but the omitted, soft references as null unless their target travels. */
function fieldsOf(spec: TableSpec, site: SQL): Record<string, PgColumn | SQL.Aliased> {
  const cols = getTableColumns(spec.table) as Record<string, PgColumn>
  const out: Record<string, PgColumn | SQL.Aliased> = {}
  for (const [key, c] of Object.entries(cols)) {
    if (spec.omit?.includes(key)) continue
    const target = spec.soft?.includes(key) ? spec.refs?.[key] : undefined
    out[key] = target ? sql<string | null>`case when ${c} in (${idsOf(target, site)}) then ${c} end`.as(key) : c
  }
  return out
}

/** `(k1, k2) > (v1, v2)` over the key columns: the next keyset batch. */
function after(spec: TableSpec, last: Record<string, unknown> | undefined): SQL | undefined {
  if (!last) return undefined
  const cols = getTableColumns(spec.table) as Record<string, PgColumn>
  const keys = spec.keys.map((k) => cols[k] as PgColumn)
  const values = spec.keys.map((k) => sql`${last[k] as string}`)
  return sql`(${sql.join(keys, sql`, `)}) > (${sql.join(values, sql`, `)})`
}

/** Rows of one table that travel, batch by batch (keyset on the primary key: flat memory, no offset scans). */
export async function* rowsOf(db: ReadDb, spec: TableSpec, siteId: string): AsyncGenerator<Array<Record<string, unknown>>> {
  const site = siteParam(siteId)
  const cols = getTableColumns(spec.table) as Record<string, PgColumn>
  const order = spec.keys.map((k) => asc(cols[k] as PgColumn))
  let last: Record<string, unknown> | undefined
  for (;;) {
    const rows = (await db
      .select(fieldsOf(spec, site))
      .from(spec.table)
      .where(and(spec.where(site), after(spec, last)))
      .orderBy(...order)
      .limit(BATCH)) as Array<Record<string, unknown>>
    if (rows.length === 0) return
    yield rows
    if (rows.length < BATCH) return
    last = rows[rows.length - 1]
  }
}

export async function countOf(db: ReadDb, spec: TableSpec, siteId: string): Promise<number> {
  const [row] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(spec.table)
    .where(spec.where(siteParam(siteId)))) as Array<{ n: number }>
  return Number(row?.n ?? 0)
}

/** For localizations of content another site owns: each locale id of the owning sites → the exported site's locale of the same code. */
export async function localeMap(db: ReadDb, siteId: string): Promise<Map<string, string>> {
  const s = siteParam(siteId)
  const res = await db.execute(sql`
    select l1.id as from_id, l2.id as to_id
      from locales l1 join locales l2 on l2.code = l1.code and l2.site_id = ${s}
     where l1.site_id = ${s}
        or l1.site_id in (select c.site_id from content c where c.id in (select cs.content_id from content_sites cs where cs.site_id = ${s} and cs.is_live))`)
  return new Map(rowsOfResult<{ from_id: string; to_id: string }>(res).map((r) => [r.from_id, r.to_id]))
}

const fileSpec = (table: 'media' | 'documents') => specOf(table) as TableSpec

/** Distinct stored files of the rows that travel, in key order, batch by batch. */
export async function* storedFiles(db: ReadDb, table: 'media' | 'documents', siteId: string): AsyncGenerator<string[]> {
  const spec = fileSpec(table)
  let last: string | undefined
  for (;;) {
    const res = await db.execute(sql`
      select distinct storage_key as k from ${spec.table}
       where ${spec.where(siteParam(siteId))} and storage_key is not null ${last ? sql`and storage_key > ${last}` : sql``}
       order by storage_key limit ${BATCH}`)
    const rows = rowsOfResult<{ k: string }>(res)
    if (rows.length === 0) return
    yield rows.map((r) => r.k)
    if (rows.length < BATCH) return
    last = rows[rows.length - 1]?.k
  }
}

export async function fileCount(db: ReadDb, table: 'media' | 'documents', siteId: string): Promise<number> {
  const spec = fileSpec(table)
  const res = await db.execute(sql`select count(distinct storage_key)::int as n from ${spec.table} where ${spec.where(siteParam(siteId))}`)
  return Number(rowsOfResult<{ n: number }>(res)[0]?.n ?? 0)
}

/**
 * Runs fn over one snapshot of the database: on a PostgreSQL server a read-only repeatable-read transaction (an
 * archive never names a row it does not hold, whatever is written meanwhile); embedded, statements run one at a
 * time on the one connection, and a transaction would hold every request up for the whole export.
 */
export function inSnapshot<T>(dbh: DbHandle, db: ReadDb, fn: (db: ReadDb) => Promise<T>): Promise<T> {
  if (dbh.kind !== 'postgres') return fn(db)
  return dbh.db.transaction((tx) => fn(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' })
}
