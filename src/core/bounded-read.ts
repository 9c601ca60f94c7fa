import { sql } from 'drizzle-orm'
import type { ReadDb } from '../db/client.js'
import { ApiError } from '../http/errors.js'
import { writerOf, type Ctx } from './context.js'

/*
 * Reads whose cost a caller can drive up (site search: free text over stored bodies) are given a statement timeout
 * on a PostgreSQL server, so one request cannot keep a pooled connection and a server core busy for long. The
 * embedded database cannot cancel a statement (it runs on this process's event loop): there the statements
 * themselves must be bounded (modules/search/queries.ts reads capped prefixes).
 */

/** SQLSTATE query_canceled: the statement ran past statement_timeout. */
const QUERY_CANCELED = '57014'

function canceled(err: unknown): boolean {
  let cur: unknown = err
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    if ((cur as { code?: unknown }).code === QUERY_CANCELED) return true
    cur = (cur as { cause?: unknown }).cause
  }
  return false
}

/** 503 with Retry-After: the read was stopped at its time limit. */
const tooSlow = (what: string) =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', `The ${what} took too long and was stopped; retry later or narrow it`, undefined, {
    'retry-after': '5',
  })

/**
 * Runs `fn` with every statement limited to `timeoutMs` on a PostgreSQL server (SET LOCAL in a read transaction of
 * its own: the limit ends with it and never reaches another request on the pooled connection); a statement stopped
 * at the limit answers 503. Embedded, `fn` runs on the context's database as it is.
 */
export async function boundedRead<T>(ctx: Ctx, what: string, timeoutMs: number, fn: (db: ReadDb) => Promise<T>): Promise<T> {
  if (ctx.deps.dbh.kind !== 'postgres') return fn(ctx.db)
  try {
    return await writerOf(ctx).transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(timeoutMs)))}, true)`)
      return fn(tx)
    })
  } catch (err) {
    if (canceled(err)) throw tooSlow(what)
    throw err
  }
}
