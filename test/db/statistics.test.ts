import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../src/db/client.js'
import { rowsOf } from '../../src/db/migrate.js'
import { refreshStatistics } from '../../src/db/statistics.js'
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

  it.runIf(process.env.DATABASE_URL !== undefined)('on a PostgreSQL server: nothing (autovacuum analyzes)', async () => {
    expect(await refreshStatistics(dbh, { all: true })).toEqual([])
  })
})
