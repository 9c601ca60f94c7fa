import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedRead } from '../../src/core/bounded-read.js'
import { systemCtx } from '../../src/core/context.js'
import { ApiError } from '../../src/http/errors.js'
import { testApp, type TestApp } from '../helpers/app.js'

/* core/bounded-read.ts: a read a caller can make expensive (site search) runs under a statement timeout on a server. */

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const server = !!process.env.DATABASE_URL
const setting = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) => {
  const res = (await db.execute(sql`select current_setting('statement_timeout') as v`)) as { rows: Array<{ v: string }> }
  return res.rows[0]!.v
}

describe('boundedRead', () => {
  it.skipIf(!server)('PostgreSQL: its statements run with the timeout, which ends with it (the pooled connection keeps its own)', async () => {
    const ctx = systemCtx(t.deps)
    const before = await setting(t.dbh.db)
    expect(await boundedRead(ctx, 'test read', 1234, (db) => setting(db))).toBe('1234ms')
    // Every pooled connection still has its own setting afterwards (SET LOCAL, not SET).
    const after = await Promise.all(Array.from({ length: 12 }, () => setting(t.dbh.db)))
    expect(new Set(after)).toEqual(new Set([before]))
  })

  it.skipIf(!server)('PostgreSQL: a statement stopped at the limit answers 503 with Retry-After', async () => {
    const ctx = systemCtx(t.deps)
    const err = await boundedRead(ctx, 'test read', 50, (db) => db.execute(sql`select pg_sleep(2)`)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
    expect((err as ApiError).message).toMatch(/test read took too long/)
  })

  it.skipIf(server)('embedded: runs on the context database as it is (a statement there cannot be cancelled)', async () => {
    const ctx = systemCtx(t.deps)
    expect(await boundedRead(ctx, 'test read', 50, (db) => setting(db))).toBe(await setting(t.dbh.db))
  })
})
