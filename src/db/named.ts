import type { SQL } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { ReadDb } from './client.js'
import { rowsOf } from './migrate.js'

/**
 * Runs a hot read statement by name. On a PostgreSQL server it is a named (prepared) statement: each pooled
 * connection parses and plans it once, then only binds and executes it. `name` must always come with the same
 * statement text (only the parameters vary). Elsewhere (the embedded database, a transaction) it runs as usual.
 */
export async function namedRows<T>(db: ReadDb, name: string, query: SQL): Promise<T[]> {
  const { $client: client, dialect } = db as unknown as { $client?: unknown; dialect: PgDialect }
  if (!(client instanceof pg.Pool)) return rowsOf<T>(await db.execute(query))
  const { sql: text, params } = dialect.sqlToQuery(query)
  return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows
}
