import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../src/db/client.js'
import { rowsOf } from '../../src/db/migrate.js'
import { APPEND_ONLY_STATISTICS_TARGET, refreshStatistics } from '../../src/db/statistics.js'
import { freshDb } from '../helpers/db.js'

/* PGlite runs no autovacuum: db/statistics.ts analyzes what changed, embedded only (a server's autovacuum does it). */
let dbh: DbHandle
beforeAll(async () => {
  dbh = await freshDb()
})
afterAll(async () => {
  await dbh.close()
})

const analyzedRows = async (table: string): Promise<number | null> => {
  return rowsOf<{ n: number }>(await dbh.db.execute(sql`select reltuples::int as n from pg_class where relname = ${table}`))[0]?.n ?? null
}

describe('refreshStatistics', () => {
  it.runIf(process.env.DATABASE_URL === undefined)('embedded: analyzes the tables that changed, then none until they change again', async () => {
    await refreshStatistics(dbh, { all: true })
    expect(await refreshStatistics(dbh)).toEqual([])
    await dbh.db.execute(sql`insert into sites (name, slug) select 'S' || i, 's-' || i from generate_series(1, 200) as i`)
    expect(await refreshStatistics(dbh)).toEqual(['sites'])
    expect(await analyzedRows('sites')).toBeGreaterThanOrEqual(200)
    expect(await refreshStatistics(dbh)).toEqual([])
  })

  it.runIf(process.env.DATABASE_URL === undefined)(
    "embedded: samples the append-only tables' months at a small statistics target (PGlite's memory never shrinks)",
    async () => {
      await dbh.db.execute(sql`insert into sites (name, slug) select 'T' || i, 't-' || i from generate_series(1, 300) as i`)
      await dbh.db.execute(
        sql`insert into api_key_usage (api_key_id, method, path, status_code, ip_hash) select gen_random_uuid(), 'GET', '/p/' || i, 200, md5(i::text) from generate_series(1, 2000) as i`,
      )
      const month = rowsOf<{ name: string }>(
        await dbh.db.execute(
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = 'api_key_usage' and pg_relation_size(c.oid) > 0`,
        ),
      ).map((r) => r.name)
      expect(month).toHaveLength(1)
      const analyzed = await refreshStatistics(dbh)
      expect(analyzed).toEqual(expect.arrayContaining(['sites', month[0]]))
      const bounds = async (table: string, column: string) =>
        rowsOf<{ n: number }>(
          await dbh.db.execute(
            sql`select array_length(histogram_bounds::text::text[], 1) as n from pg_stats where tablename = ${table} and attname = ${column}`,
          ),
        )[0]?.n
      // A histogram has target + 1 bounds: PostgreSQL's default (100) for an ordinary table, 10 for a month of usage.
      expect(await bounds('sites', 'name')).toBe(101)
      expect(await bounds(month[0]!, 'path')).toBe(APPEND_ONLY_STATISTICS_TARGET + 1)
      // The target was the statement's own: the session's default is untouched.
      expect(rowsOf<{ t: string }>(await dbh.db.execute(sql`select current_setting('default_statistics_target') as t`))[0]?.t).toBe('100')
    },
  )

  it.runIf(process.env.DATABASE_URL !== undefined)('on a PostgreSQL server: nothing (autovacuum analyzes)', async () => {
    expect(await refreshStatistics(dbh, { all: true })).toEqual([])
  })
})
