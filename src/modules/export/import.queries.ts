import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import { documents } from '../../db/schema/documents.js'
import { media, type StoredVariant } from '../../db/schema/media.js'
import { sites, type SiteRow } from '../../db/schema/sites.js'
import type { TableSpec } from './tables.queries.js'

/* The writes of an import, all in its one transaction. */

const columnsOf = (table: TableSpec['table']) => getTableColumns(table) as Record<string, PgColumn>

/** JSON values back into what each column takes (timestamps as Dates); keys that are no column are dropped. */
export function toColumns(table: TableSpec['table'], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, c] of Object.entries(columnsOf(table))) {
    if (!(key in row)) continue
    const v = row[key]
    out[key] = c.columnType === 'PgTimestamp' && typeof v === 'string' ? new Date(v) : v
  }
  return out
}

/** Which of these ids the table already holds. */
export async function takenIds(tx: Tx, spec: TableSpec, ids: string[]): Promise<Set<string>> {
  const idCol = columnsOf(spec.table).id as PgColumn
  const rows = (await tx.select({ id: idCol }).from(spec.table).where(inArray(idCol, ids))) as Array<{ id: string }>
  return new Set(rows.map((r) => r.id))
}

export async function insertRows(tx: Tx, spec: TableSpec, values: Array<Record<string, unknown>>): Promise<void> {
  await tx.insert(spec.table).values(values)
}

/** Sets a tree's parent references: (child id, parent id) pairs, already remapped. */
export async function linkTree(tx: Tx, spec: TableSpec, column: string, pairs: Array<[string, string]>): Promise<void> {
  const idCol = columnsOf(spec.table).id as PgColumn
  const values = pairs.map(([child, parent]) => sql`(${child}::uuid, ${parent}::uuid)`)
  await tx.execute(
    sql`update ${spec.table} set ${sql.raw(`"${column}"`)} = v.parent from (values ${sql.join(values, sql`, `)}) as v(child, parent) where ${idCol} = v.child`,
  )
}

export async function siteIdTaken(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, id))
  return !!row
}

export async function insertSite(tx: Tx, values: Record<string, unknown>): Promise<SiteRow> {
  const [row] = await tx
    .insert(sites)
    .values(toColumns(sites, values) as typeof sites.$inferInsert)
    .returning()
  return row as SiteRow
}

const fileTable = (ns: 'media' | 'documents') => (ns === 'media' ? media : documents)

/** The checksum and type of the records waiting for one stored file (by its placeholder key), if any. */
export async function fileTarget(
  tx: Tx,
  ns: 'media' | 'documents',
  siteId: string,
  key: string,
): Promise<{ checksum: string | null; mime: string | null } | undefined> {
  const t = fileTable(ns)
  const [row] = await tx
    .select({ checksum: t.checksum, mime: t.mime_type })
    .from(t)
    .where(and(eq(t.site_id, siteId), eq(t.storage_key, key)))
    .limit(1)
  return row
}

/** Points the records waiting for a file at its stored key (null: keep them without a file) and, for media, its variants. */
export async function setStoredFile(
  tx: Tx,
  ns: 'media' | 'documents',
  siteId: string,
  key: string,
  storageKey: string | null,
  variants?: StoredVariant[],
): Promise<void> {
  if (ns === 'media') {
    await tx
      .update(media)
      .set({ storage_key: storageKey, ...(variants ? { variants } : {}) })
      .where(and(eq(media.site_id, siteId), eq(media.storage_key, key)))
  } else {
    await tx
      .update(documents)
      .set({ storage_key: storageKey })
      .where(and(eq(documents.site_id, siteId), eq(documents.storage_key, key)))
  }
}

/** Records whose file the archive did not hold (it was gone from storage at export): kept without a file; how many. */
export async function releaseMissingFiles(tx: Tx, siteId: string): Promise<number> {
  let n = 0
  for (const t of [media, documents]) {
    const rows = await tx
      .update(t)
      .set({ storage_key: null })
      .where(and(eq(t.site_id, siteId), sql`${t.storage_key} like 'import:%'`))
      .returning({ id: t.id })
    n += rows.length
  }
  return n
}
