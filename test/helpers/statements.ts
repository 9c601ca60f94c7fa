import type { DbHandle } from '../../src/db/client.js'

/**
 * Runs `fn` and counts the statements the database ran meanwhile, on every connection (DbHandle.observeStatements,
 * which metrics use): `fn` must be the only thing using the database, e.g. a service call with nothing in flight
 * (flush buffered writers such as API-key usage first).
 */
export async function statementsDuring<T>(dbh: DbHandle, fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0
  dbh.observeStatements(() => statements++)
  try {
    const result = await fn()
    return { result, statements }
  } finally {
    dbh.observeStatements(() => undefined)
  }
}
