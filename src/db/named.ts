import type { SQL } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { rowsOf } from './rows.js'

/** What namedRows needs of a database (a ReadDb; client.ts imports this file, so it is not named here). */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>
}

/** The embedded database's connection, as far as named statements need it (PGlite's query). */
interface EmbeddedClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** Embedded connections that run named statements (db/client.ts registers PGlite itself; transactions are not). */
const embeddedClients = new WeakSet<object>()
/** Per embedded connection: statements prepared there, or being prepared, by name. */
const preparedIn = new WeakMap<object, Map<string, Promise<boolean>>>()

/** Names usable as a quoted identifier as they are: PostgreSQL cuts identifiers at 63 bytes, which could merge two. */
const usableName = (name: string) => Buffer.byteLength(name) <= 63 && !/["\0]/.test(name)

export function allowNamedStatements(client: object): void {
  embeddedClients.add(client)
}

/**
 * Runs a hot read statement by name: it is parsed and planned once per connection, then only bound and executed.
 * `name` must always come with the same statement text (only the parameters vary). On a PostgreSQL server it is a
 * protocol-level named statement of each pooled connection. On the embedded database it is an SQL `PREPARE`, run
 * with `EXECUTE`: PGlite plans in WebAssembly, where planning the blog detail costs about ten times its execution.
 * In a transaction, or for parameters that are not plain values, it runs as usual.
 */
export async function namedRows<T>(db: Executes, name: string, query: SQL): Promise<T[]> {
  const { $client: client, dialect } = db as unknown as { $client?: object; dialect: PgDialect }
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return (await client.query<T & pg.QueryResultRow>({ name, text, values: params })).rows
  }
  if (client && embeddedClients.has(client) && usableName(name)) {
    const { sql: text, params } = dialect.sqlToQuery(query)
    const args = params.map(literal)
    if (args.every((a): a is string => a !== undefined) && (await prepared(client as EmbeddedClient, name, text))) {
      return (await (client as EmbeddedClient).query<T>(args.length > 0 ? `execute "${name}"(${args.join(', ')})` : `execute "${name}"`)).rows
    }
  }
  return rowsOf<T>(await db.execute(query))
}

/** Prepares `name` on this embedded connection once; false when it cannot be (the caller then runs the statement as usual). */
function prepared(client: EmbeddedClient, name: string, text: string): Promise<boolean> {
  let names = preparedIn.get(client)
  if (!names) {
    names = new Map()
    preparedIn.set(client, names)
  }
  let done = names.get(name)
  if (!done) {
    done = client.query(`prepare "${name}" as ${text}`).then(
      () => true,
      () => {
        names.delete(name)
        return false
      },
    )
    names.set(name, done)
  }
  return done
}

/**
 * A parameter as an SQL literal of unknown type, which EXECUTE casts to the type PREPARE inferred for it, as a bound
 * parameter would be. Strings are quoted with every quote doubled: with standard_conforming_strings (PostgreSQL's
 * default since 9.1, and PGlite's) nothing else is special inside a quoted literal, so a value can never end it.
 */
function literal(v: unknown): string | undefined {
  if (v === null) return 'NULL'
  if (typeof v === 'string') return v.includes('\0') ? undefined : `'${v.replaceAll("'", "''")}'`
  if (typeof v === 'number') return Number.isFinite(v) ? `'${v}'` : undefined
  if (typeof v === 'boolean') return v ? "'true'" : "'false'"
  return undefined
}
