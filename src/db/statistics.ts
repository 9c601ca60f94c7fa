import { sql } from 'drizzle-orm'
import type { Db, DbHandle } from './client.js'
import { rowsOf } from './migrate.js'

/*
 * Planner statistics for the embedded database. PGlite runs no autovacuum, so its tables are never analyzed on
 * their own, and without statistics the planner guesses a handful of rows per table. Measured on the export's
 * keyset read of blog_localizations (5,000 posts, 500 rows a batch): with no statistics the plan intersects a
 * primary-key range scan with each post's index scan, 7.1 s a batch (one 100,000-post export ran for hours); after
 * ANALYZE it walks the primary key with a nested-loop semi-join, 0.15 s a batch. A PostgreSQL server has
 * autovacuum, which does this on its own: nothing here runs there.
 */

/**
 * Tables never analyzed (reltuples -1) or whose size moved by more than a page plus 10 % since (relpages is what the
 * last ANALYZE saw). By size, not by pg_stat_user_tables' change counters: PGlite does not flush those reliably.
 */
async function staleTables(db: Db): Promise<Table[]> {
  return rowsOf<Table>(
    await db.execute(sql`
    select c.relname, c.relispartition as partition from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (c.reltuples < 0 or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + 0.1 * c.relpages)
    order by c.relname`),
  )
}

interface Table {
  relname: string
  /** An append-only table partitioned by month (db/partitions.ts), or one of its months. */
  partition: boolean
}

/**
 * The statistics target of the append-only tables' months (API key usage, pageviews, webhook deliveries, audit,
 * history). ANALYZE keeps a sample of 300 rows per unit of target in memory, and PGlite's WebAssembly memory never
 * shrinks: at PostgreSQL's default (100) one pass over a month of key usage (millions of rows) raised the embedded
 * server's resident memory by 15 MB for good (bench/README "Peak RSS of the whole embedded bench"). These tables are
 * read by key or record and time range, through their indexes, for which 3,000 sampled rows are plenty.
 */
export const APPEND_ONLY_STATISTICS_TARGET = 10

/**
 * ANALYZE, one table per statement, of the embedded database's tables that need it (all of them when `all`);
 * answers the tables analyzed. On the background handle, so requests get their turns between statements.
 */
export async function refreshStatistics(dbh: DbHandle, opts: { all?: boolean } = {}): Promise<string[]> {
  if (dbh.kind === 'postgres') return []
  const db = dbh.background
  const tables = opts.all
    ? rowsOf<Table>(
        await db.execute(sql`
        select c.relname, c.relispartition or c.relkind = 'p' as partition from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
      )
    : await staleTables(db)
  for (const { relname, partition } of tables) {
    if (!partition) await db.execute(sql`analyze ${sql.identifier(relname)}`)
    else
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${APPEND_ONLY_STATISTICS_TARGET}`))
        await tx.execute(sql`analyze ${sql.identifier(relname)}`)
      })
  }
  return tables.map((t) => t.relname)
}
