import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, DbHandle } from '../../src/db/client.js'
import { rowsOf } from '../../src/db/migrate.js'
import { freshDb } from '../helpers/db.js'

/*
 * Embedded, PGlite runs each statement on the event loop and resolves it without giving timers or I/O a turn. The
 * handle for background work (DbHandle.background) lets the loop have a turn before every statement (in a transaction,
 * before it begins and then every TX_SLICE_MS), so a job's loop or long transaction cannot hold up requests for
 * longer than about one statement (issue 9; bench/stalls.ts measures it). A request's own statements run back to back
 * on `db`.
 */
let dbh: DbHandle
beforeAll(async () => {
  dbh = await freshDb()
})
afterAll(async () => {
  await dbh.close()
})

/** How many statements `body` had run (it calls `counted` after each) when a timer due at once was served. */
async function timerServedAfter(body: (counted: () => void) => Promise<void>): Promise<number> {
  let done = 0
  let servedAt = -1
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      servedAt = done
      resolve()
    }, 0),
  )
  await body(() => void done++)
  await timer
  return servedAt
}

const N = 300

/** N statements one after another on `db`: after how many the timer was served. */
const selectsOn = (db: Db) =>
  timerServedAfter(async (counted) => {
    for (let i = 0; i < N; i++) {
      await db.execute(sql`select 1`)
      counted()
    }
  })

describe.runIf(process.env.DATABASE_URL === undefined)('embedded statements and the event loop', () => {
  it("a request's statements run back to back", async () => {
    expect(await selectsOn(dbh.db)).toBe(N)
  })

  it('background work: a due timer runs between the statements of a chain', async () => {
    expect(await selectsOn(dbh.background)).toBeLessThan(N)
  })

  it('and between the statements of a transaction, which still commits as one', async () => {
    const servedAt = await timerServedAfter((counted) =>
      dbh.background.transaction(async (tx) => {
        await tx.execute(sql`create table yield_probe (n int)`)
        for (let i = 0; i < N; i++) {
          await tx.execute(sql`insert into yield_probe values (${i})`)
          counted()
        }
      }),
    )
    expect(servedAt).toBeLessThan(N)
    const [row] = rowsOf<{ c: number }>(await dbh.db.execute(sql`select count(*)::int as c from yield_probe`))
    expect(row?.c).toBe(N)
  })

  it('a short transaction runs within one turn: it holds PGlite (and every write waiting for it) no longer than its statements take', async () => {
    let turns = 0
    let counting = true
    const tick = () => {
      if (!counting) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    await dbh.background.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`select 1`)
    })
    counting = false
    // One turn before it begins; a turn before each statement made it 4 or more. A second one only when the machine
    // is so busy that 3 statements outlast TX_SLICE_MS.
    expect(turns).toBeLessThanOrEqual(2)
  })

  it('a failed transaction still rolls back whole', async () => {
    await expect(
      dbh.background.transaction(async (tx) => {
        await tx.execute(sql`create table yield_rollback (n int)`)
        await tx.execute(sql`insert into yield_rollback values (1)`)
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await expect(dbh.db.execute(sql`select 1 from yield_rollback`)).rejects.toThrow()
  })
})
