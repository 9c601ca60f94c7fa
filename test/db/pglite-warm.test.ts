import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../src/db/client.js'
import { rowsOf } from '../../src/db/migrate.js'
import { freshDb } from '../helpers/db.js'

/*
 * The embedded server runs a save's kinds of statements once before its port opens (db/pglite-warm.ts), so that V8
 * compiles PostgreSQL's write path then and not during the first save. It must leave nothing behind: no table, no
 * row, no function, no open transaction.
 */
let dbh: DbHandle
beforeAll(async () => {
  dbh = await freshDb()
})
afterAll(async () => {
  await dbh.close()
})

const embedded = process.env.DATABASE_URL === undefined

/** Every relation and function of the session, and the rows of every public table. */
async function footprint(): Promise<{ relations: string[]; functions: string[]; rows: number }> {
  const rels = rowsOf<{ name: string }>(await dbh.db.execute(sql`select relname as name from pg_class order by relname`))
  const fns = rowsOf<{ name: string }>(await dbh.db.execute(sql`select proname as name from pg_proc order by proname`))
  const tables = rowsOf<{ name: string }>(await dbh.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`))
  let rows = 0
  for (const t of tables) rows += Number(rowsOf<{ n: string }>(await dbh.db.execute(sql.raw(`select count(*) as n from "${t.name}"`)))[0]!.n)
  return { relations: rels.map((r) => r.name), functions: fns.map((f) => f.name), rows }
}

describe.runIf(embedded)('embedded warm-up of the write path', () => {
  it('runs on a migrated database, twice, and leaves no relation, function or row behind', async () => {
    expect(dbh.warmUp).toBeTypeOf('function')
    const before = await footprint()
    await dbh.warmUp!()
    await dbh.warmUp!()
    const after = await footprint()
    expect(after).toEqual(before)
    expect(after.relations.some((r) => r.startsWith('warm_'))).toBe(false)
    // No transaction left open: a write of the database's own commits.
    await dbh.db.execute(sql`create table warm_check (id int)`)
    await dbh.db.execute(sql`drop table warm_check`)
  })
})

describe.runIf(!embedded)('server mode', () => {
  it('has nothing to warm: PostgreSQL runs native code', () => {
    expect(dbh.warmUp).toBeUndefined()
  })
})
