import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../src/db/migrate.js'
import { namedRows } from '../../src/db/named.js'
import { testApp, type TestApp } from '../helpers/app.js'

/*
 * Named statements (db/named.ts): the same rows as the statement run as usual, on both databases; on the embedded
 * one they are prepared once with PREPARE and run with EXECUTE, their values quoted as data whatever they hold.
 */

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const echo = (text: string, n: number, flag: boolean, maybe: string | null) =>
  sql`select ${text}::text as text, ${n}::int + 1 as next, ${flag}::boolean as flag, ${maybe}::text as maybe, (select count(*)::int from sites) as sites`

const preparedNames = async (): Promise<string[]> =>
  rowsOf<{ name: string }>(await t.dbh.db.execute(sql`select name from pg_prepared_statements`)).map((r) => r.name)

describe('namedRows', () => {
  it('answers what the statement answers, for values that hold quotes, backslashes, semicolons and SQL', async () => {
    const hostile = ['plain', "it's", "'; drop table sites; --", "\\' or 1=1 --", '$1', 'ünïcödé ✓', "''", '']
    for (const [i, text] of hostile.entries()) {
      const direct = rowsOf(await t.dbh.db.execute(echo(text, i, i % 2 === 0, i % 3 === 0 ? null : text)))
      const named = await namedRows(t.dbh.db, 'named_test_echo', echo(text, i, i % 2 === 0, i % 3 === 0 ? null : text))
      expect(named).toEqual(direct)
      expect(named[0]).toMatchObject({ text, next: i + 1, flag: i % 2 === 0, maybe: i % 3 === 0 ? null : text })
    }
    // The sites table is still there, and still counted.
    expect(rowsOf(await t.dbh.db.execute(sql`select count(*)::int as n from sites`))).toHaveLength(1)
  })

  it.runIf(process.env.DATABASE_URL === undefined)('on the embedded database it is prepared once, then executed by name', async () => {
    expect(await namedRows(t.dbh.db, 'named_test_once', sql`select ${'a'}::text as v`)).toEqual([{ v: 'a' }])
    expect(await namedRows(t.dbh.db, 'named_test_once', sql`select ${'b'}::text as v`)).toEqual([{ v: 'b' }])
    expect((await preparedNames()).filter((n) => n === 'named_test_once')).toHaveLength(1)
    // Names as the scope lookups have them (a quoted identifier); one PostgreSQL would cut at 63 bytes runs unprepared.
    expect(await namedRows(t.dbh.db, 'scope:named-test:blogs', sql`select ${'c'}::text as v`)).toEqual([{ v: 'c' }])
    const long = `named_test_${'x'.repeat(60)}`
    expect(await namedRows(t.dbh.db, long, sql`select ${'d'}::text as v`)).toEqual([{ v: 'd' }])
    const names = await preparedNames()
    expect(names).toContain('scope:named-test:blogs')
    expect(names.some((n) => n.startsWith('named_test_x'))).toBe(false)
  })

  it('a statement PostgreSQL refuses fails as it would unnamed, and is tried again next time', async () => {
    const bad = sql`select ${'x'}::text from no_such_table`
    await expect(namedRows(t.dbh.db, 'named_test_bad', bad)).rejects.toThrow(/no_such_table/)
    await expect(namedRows(t.dbh.db, 'named_test_bad', bad)).rejects.toThrow(/no_such_table/)
  })

  it('inside a transaction it runs as usual', async () => {
    const rows = await t.dbh.db.transaction(async (tx) => namedRows(tx, 'named_test_tx', sql`select ${"it's"}::text as v`))
    expect(rows).toEqual([{ v: "it's" }])
    if (t.dbh.kind === 'pglite') expect(await preparedNames()).not.toContain('named_test_tx')
    // (On a server, pg_prepared_statements would show whichever pooled connection answers: nothing to assert there.)
  })
})
