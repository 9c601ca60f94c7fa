import { mkdirSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { lockDataDir, type DataDirLock } from './data-dir-lock.js'
import { allowNamedStatements } from './named.js'
import { warmWritePath } from './pglite-warm.js'
import { openReplicas, routingPool, type ReplicaSet } from './replicas.js'
import * as schema from './schema/index.js'

export type Schema = typeof schema
/** Full database handle. Only core/mutation.ts and start-up code may hold one: writes go through mutate(). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction opened by mutate(); query functions that write demand it, so a write outside the pipeline does not type-check. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** What services and read queries see: selects and relational queries, no writes. */
export type ReadDb = Omit<Db, 'insert' | 'update' | 'delete' | 'transaction' | 'refreshMaterializedView' | '$with' | 'with'>

export interface DbHandle {
  db: Db
  /**
   * The same database for background work (jobs, buffered writes). Embedded, each of its statements first lets
   * the event loop have a turn (yieldingClient), so background work never holds requests up for long; on a server
   * it is `db` (statements do not run on the event loop there).
   */
  background: Db
  kind: 'pglite' | 'postgres'
  /** Runs fn holding a session-level advisory lock (start-up migration and bootstrap). */
  withLock<T>(lockId: number, fn: (db: Db) => Promise<T>): Promise<T>
  ping(): Promise<void>
  close(): Promise<void>
  /**
   * From now on, `fn` gets each statement's duration in ms and where it ran (metrics); a second call replaces the
   * first.
   */
  observeStatements(fn: StatementObserver): void
  /** Read replicas (DATABASE_READ_URLS): cache misses may read there (db/replicas.ts). */
  replicas?: ReplicaSet
  /** Connections of the pool to a PostgreSQL server (the embedded database has none). */
  poolStats?(): { total: number; idle: number; waiting: number }
  /**
   * Embedded only: runs the kinds of statements a save runs once, on temporary tables rolled back, so that their
   * WebAssembly is compiled before the first request rather than during it (db/pglite-warm.ts). `serve` calls it once
   * migrations have run.
   */
  warmUp?: () => Promise<void>
}

type Query = (...args: unknown[]) => unknown
export type StatementObserver = (ms: number, target: 'primary' | 'replica') => void

/**
 * A statement function timed for `observer` (read at each call). pg's callback form (pg-pool's own query) and the
 * promise form (drizzle) are both timed; the caller gets the original result and errors.
 */
function timed(run: Query, observer: () => ((ms: number) => void) | undefined): Query {
  return function (this: unknown, ...args: unknown[]) {
    const fn = observer()
    if (!fn) return run.apply(this, args)
    const start = performance.now()
    const done = () => fn(performance.now() - start)
    const last = args.length - 1
    const cb = args[last]
    if (typeof cb === 'function') {
      args[last] = (...res: unknown[]) => {
        done()
        return (cb as Query)(...res)
      }
      return run.apply(this, args)
    }
    const out = run.apply(this, args)
    if (out instanceof Promise) out.then(done, done)
    return out
  }
}

export interface OpenDbOptions {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  /** An existing PGlite instance (tests clone a migrated image into one). */
  pglite?: PGlite
  poolSize?: number
  /** DATABASE_READ_URLS, parsed (only with databaseUrl). */
  readUrls?: string[] | undefined
  /** ATRIUM_REPLICA_MAX_LAG_MS. */
  maxLagMs?: number
  /** Where replica warnings go (an unreachable replica at start, a failure later). */
  warn?: (msg: string, err?: unknown) => void
}

/** Opens PGlite (embedded default) or a pg pool for DATABASE_URL. */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts)
  let client = opts.pglite
  let lock: DataDirLock | undefined
  if (!client) {
    if (opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true })
      // One process per data directory: a second PGlite on the same files would corrupt them.
      lock = lockDataDir(opts.dataDir)
    }
    try {
      const { openPglite } = await import('./pglite.js')
      client = await openPglite(opts.dataDir)
    } catch (err) {
      lock?.release()
      throw err
    }
  }
  const pgl = client
  // Loaded only here (drizzle's PGlite driver imports PGlite itself): a server-mode process never loads PGlite's
  // JavaScript at all, about 1 MB of source and what it compiles to.
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite')
  allowNamedStatements(pgl)
  const db = drizzlePglite(pgl, { schema, casing: 'snake_case' }) as unknown as Db
  let observer: StatementObserver | undefined
  const onPrimary = (ms: number) => observer?.(ms, 'primary')
  const primaryObserver = () => (observer ? onPrimary : undefined)
  return {
    db,
    background: drizzlePglite({ client: yieldingClient(pgl), schema, casing: 'snake_case' }) as unknown as Db,
    observeStatements: (fn) => {
      if (!observer) timeEmbedded(pgl, primaryObserver)
      observer = fn
    },
    kind: 'pglite',
    // PGlite is one connection in this process: a lock there serialises nothing more than the process already does.
    withLock: (_lockId, fn) => fn(db),
    ping: async () => {
      if (pgl.closed) throw new Error('database is closed')
      await pgl.query('select 1')
    },
    close: async () => {
      if (!pgl.closed) await pgl.close()
      lock?.release()
    },
    warmUp: () => warmWritePath(pgl),
  }
}

/** Waits for the next turn of the event loop: timers, I/O and requests run first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

type PgliteQuery = PGlite['query']
type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0]

/**
 * Times PGlite's statements: its own query and those of its transactions (the background client calls them
 * through these too). Only once metrics ask for it, so without metrics a statement costs nothing more.
 */
function timeEmbedded(pgl: PGlite, observer: () => ((ms: number) => void) | undefined): void {
  const query = pgl.query.bind(pgl)
  const transaction = pgl.transaction.bind(pgl)
  pgl.query = timed(query as Query, observer) as PgliteQuery
  pgl.transaction = <T>(fn: (tx: PgliteTx) => Promise<T>) =>
    transaction((tx: PgliteTx) => fn(Object.assign(Object.create(tx) as PgliteTx, { query: timed(tx.query.bind(tx) as Query, observer) as PgliteTx['query'] })))
}

function yieldingQuery(run: PgliteQuery): PgliteQuery {
  return (async (...args: Parameters<PgliteQuery>) => {
    await nextTurn()
    return run(...args)
  }) as PgliteQuery
}

/**
 * Inside a background transaction, statements run back to back until this much time has passed since the last
 * turn given to the loop. A transaction holds PGlite's lock until it commits, so each turn given in between is time
 * every request's write waits for (under read load a turn lasts tens of ms): a webhook claim of one statement held
 * the lock for a whole turn, and an editor's PUT p99 under read load reached hundreds of ms behind them. Short
 * transactions now finish within their first turn; long ones still let the loop run every few ms.
 */
export const TX_SLICE_MS = 4

/**
 * The process's CPU time in ms. The slice is CPU time, not wall time: a process the OS has set aside (a busy
 * machine) gives nobody a turn by yielding, and wall time would make a short transaction yield anyway.
 */
const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/**
 * PGlite runs each statement synchronously on the event loop and resolves its promise without giving timers or I/O
 * a turn, so a chain of statements (a transaction, a background job's loop over records) holds the loop until the
 * chain ends: a scheduled-publishing tick of 200 posts stalled every request for over a second. Through this
 * client every statement first waits for the next turn of the loop, so requests and timers run between statements
 * and a stall is at most one statement (issue 9: background work stalls the embedded server at most 20 ms;
 * bench/stalls.ts measures it). In a transaction a turn is given before it begins and then every TX_SLICE_MS of CPU:
 * a stall is at most that plus one statement. Background work only (DbHandle.background): a request's own statements
 * run back to back, as an editor's save waiting for a turn per statement under read load took several times longer.
 * Drizzle uses only query() and transaction() of its client.
 */
export function yieldingClient(pgl: PGlite): PGlite {
  const client = {
    // Read at each call, not bound once: metrics may time pgl.query later (timeEmbedded).
    query: yieldingQuery(((...args: Parameters<PgliteQuery>) => pgl.query(...args)) as PgliteQuery),
    transaction: async <T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> => {
      await nextTurn()
      let since = cpuMs()
      return pgl.transaction((tx) => {
        const run = tx.query.bind(tx)
        const query = (async (...args: Parameters<PgliteQuery>) => {
          if (cpuMs() - since >= TX_SLICE_MS) {
            await nextTurn()
            since = cpuMs()
          }
          return run(...args)
        }) as PgliteTx['query']
        return fn(Object.assign(Object.create(tx) as PgliteTx, { query }))
      })
    },
  }
  return client as unknown as PGlite
}

async function openPostgres(url: string, max: number, opts: OpenDbOptions): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000 })
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined)
  const replicas = opts.readUrls?.length
    ? await openReplicas({ urls: opts.readUrls, primary: pool, maxLagMs: opts.maxLagMs ?? 5000, poolSize: max, warn: opts.warn ?? (() => undefined) }).catch(
        async (err: unknown) => {
          await pool.end()
          throw err
        },
      )
    : undefined
  // With replicas, drizzle's plain statements go through the routing pool: to a replica only inside ReplicaSet.read.
  const db = drizzlePg(replicas ? routingPool(pool, replicas) : pool, { schema, casing: 'snake_case' }) as unknown as Db
  let closed = false
  let observer: StatementObserver | undefined
  const timedClients = new WeakSet<pg.PoolClient>()
  const timeClients = (p: pg.Pool, target: 'primary' | 'replica') => {
    // Every statement runs on a client the pool hands out (pool.query included): each is timed from its next checkout.
    const on = (ms: number) => observer?.(ms, target)
    const report = () => (observer ? on : undefined)
    p.on('acquire', (client) => {
      if (timedClients.has(client)) return
      timedClients.add(client)
      client.query = timed(client.query.bind(client), report) as typeof client.query
    })
  }
  return {
    db,
    background: db,
    kind: 'postgres',
    ...(replicas ? { replicas } : {}),
    observeStatements: (fn) => {
      if (!observer) {
        timeClients(pool, 'primary')
        for (const p of replicas?.pools() ?? []) timeClients(p, 'replica')
      }
      observer = fn
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withLock: async (lockId, fn) => {
      const conn = await pool.connect()
      try {
        await conn.query('select pg_advisory_lock($1)', [lockId])
        try {
          return await fn(drizzlePg(conn, { schema, casing: 'snake_case' }))
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [lockId])
        }
      } finally {
        conn.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    close: async () => {
      if (closed) return
      closed = true
      await replicas?.close()
      await pool.end()
    },
  }
}
