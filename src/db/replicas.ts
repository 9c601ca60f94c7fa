import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'

/*
 * Read replicas (decisions.md "Read replicas and growing tables"; README "Read replicas"). Writes, transactions and
 * every read outside the read cache's misses use the primary. A cache miss names the commit LSN of the newest write
 * it depends on (carried in the read cache's versions, core/content-version.ts); it is sent to a replica only when
 * that replica is known to have replayed that LSN, else to the primary. Replay positions only grow, so a position
 * polled a moment ago that already passes the LSN is proof enough: no read is older than a write it could have seen.
 * A replica that fails or lags more than `maxLagMs` is skipped until it catches up; a statement that fails on a
 * replica is run again on the primary, so a replica never fails a request.
 */

/** A write-ahead log position as a number (`X/Y` in hex, PostgreSQL's pg_lsn). */
export function parseLsn(text: string): bigint | undefined {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text)
  if (!m) return undefined
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`)
}

export interface ReplicaStatus {
  /** `replica_<n>`, its place in DATABASE_READ_URLS: /health is public and names no host. */
  name: string
  status: 'up' | 'lagging' | 'down'
  /** How far behind the primary it is, in ms (null while unreachable). */
  lag_ms: number | null
}

/** A statement function of pg (pool.query), by which reads are routed. */
type QueryFn = (...args: unknown[]) => unknown

export interface ReplicaSet {
  readonly size: number
  /** The primary's current WAL position (after a commit: at or past that commit). */
  primaryLsn(): Promise<string>
  /**
   * Runs `fn` with the pool's reads sent to a replica that has replayed `lsn` (null: unknown, so the primary), else
   * on the primary. `fn` failing on a replica for any reason but an answer it gave on purpose (`keep`) runs again on
   * the primary.
   */
  read<T>(lsn: bigint | null, fn: () => Promise<T>, keep: (err: unknown) => boolean): Promise<T>
  /** Which pool a statement of the current async context goes to (the routing pool asks). */
  current(): pg.Pool | undefined
  status(): ReplicaStatus[]
  /** Reads run through read() so far, by where they were answered (a replica's failure run again counts as primary). */
  reads(): { primary: number; replica: number }
  /** The replicas' read pools (statement metrics hook into them; the position polls have pools of their own). */
  pools(): pg.Pool[]
  close(): Promise<void>
}

/** How often replicas and the primary are asked for their positions. */
const POLL_MS = 50

interface Replica {
  name: string
  /** host:port/database for the log, never a user or password. */
  label: string
  /** Reads (cache misses). */
  pool: pg.Pool
  /** The replay-position polls (openPools). */
  polls: pg.Pool
  /** Replayed position (0 until known). */
  replayed: bigint
  lagMs: number | null
  down: boolean
  failedAt: number
}

/** A replica's URL as shown in logs and /health: host, port and database only. */
export function replicaName(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`
}

/** Parses DATABASE_READ_URLS; throws naming the entry that is not a PostgreSQL URL. */
export function parseReadUrls(value: string): string[] {
  const urls = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  if (urls.length === 0) throw new Error('DATABASE_READ_URLS names no URL')
  for (const u of urls) {
    let ok = /^postgres(ql)?:\/\//.test(u)
    try {
      new URL(u)
    } catch {
      ok = false
    }
    if (!ok) throw new Error(`DATABASE_READ_URLS: "${u.replace(/\/\/[^@/]*@/, '//***@')}" is not a postgres:// or postgresql:// URL`)
  }
  return urls
}

export interface ReplicaOptions {
  urls: string[]
  primary: pg.Pool
  maxLagMs: number
  poolSize: number
  warn: (msg: string, err?: unknown) => void
}

/** Start-up: a replica that answers but is not in recovery is refused; one that does not answer is a warning. */
async function checkAtStart(replicas: Replica[], warn: ReplicaOptions['warn']): Promise<void> {
  for (const r of replicas) {
    try {
      const { rows } = await r.polls.query<{ rec: boolean }>('select pg_is_in_recovery() as rec')
      if (!rows[0]?.rec) throw new NotAReplica(r.label)
    } catch (err) {
      if (err instanceof NotAReplica) throw err
      warn(`read replica ${r.label} is unreachable: starting without it until it answers`, err)
    }
  }
}

/** A pool that never crashes the process when an idle connection drops (the next query reports it). */
function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config)
  pool.on('error', () => undefined)
  return pool
}

/**
 * Each replica's read pool, and the position polls on one connection per server: they neither wait behind reads for
 * a connection nor count as the application's statements (atrium_db_statements_total counts the read pools).
 */
function openPools(opts: ReplicaOptions) {
  const replicas: Replica[] = opts.urls.map((url, i) => ({
    name: `replica_${i + 1}`,
    label: replicaName(url),
    pool: quietPool({ connectionString: url, max: opts.poolSize, connectionTimeoutMillis: 1000, idleTimeoutMillis: 30_000 }),
    polls: quietPool({ connectionString: url, max: 1, connectionTimeoutMillis: 1000 }),
    replayed: 0n,
    lagMs: null,
    down: true,
    failedAt: 0,
  }))
  const primaryPolls = quietPool({ ...opts.primary.options, max: 1, idleTimeoutMillis: 30_000 })
  const endAll = () => Promise.all([primaryPolls, ...replicas.flatMap((r) => [r.pool, r.polls])].map((p) => p.end().catch(() => undefined)))
  return { replicas, primaryPolls, endAll }
}

function statusOf(r: Replica, maxLagMs: number): ReplicaStatus {
  return { name: r.name, status: r.down ? 'down' : (r.lagMs ?? 0) > maxLagMs ? 'lagging' : 'up', lag_ms: r.down ? null : r.lagMs }
}

/**
 * Opens the replicas: one that answers but is not in recovery fails start-up naming it; one that does not answer is
 * a warning, and it is used once it does.
 */
export async function openReplicas(opts: ReplicaOptions): Promise<ReplicaSet> {
  const { replicas, primaryPolls, endAll } = openPools(opts)
  await checkAtStart(replicas, opts.warn).catch(async (err: unknown) => {
    await endAll()
    throw err
  })
  // Positions of the primary seen lately (time, LSN), oldest first: a replica's lag is how long ago the primary was
  // at the first position it has not replayed, so an idle primary reads as no lag, whatever the last commit's age.
  const history: Array<{ at: number; lsn: bigint }> = []
  // `live` ends with the read: work the read started that outlives it (a timer, a buffered write) uses the primary.
  const store = new AsyncLocalStorage<{ pool: pg.Pool; live: boolean }>()
  let closed = false

  const lagOf = (replayed: bigint, now: number): number => {
    const behind = history.find((h) => h.lsn > replayed)
    return behind ? now - behind.at : 0
  }

  const pollPrimary = async () => {
    const { rows } = await primaryPolls.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
    const lsn = parseLsn(rows[0]?.lsn ?? '')
    if (lsn === undefined) return
    const now = Date.now()
    const last = history[history.length - 1]
    if (!last || last.lsn !== lsn) history.push({ at: now, lsn })
    // Keep enough to measure lag up to twice the limit; older positions are all replayed or the replica is out anyway.
    while (history.length > 1 && (history[0] as { at: number }).at < now - 2 * opts.maxLagMs) history.shift()
  }

  const pollReplica = async (r: Replica) => {
    try {
      const { rows } = await r.polls.query<{ rec: boolean; lsn: string | null }>('select pg_is_in_recovery() as rec, pg_last_wal_replay_lsn()::text as lsn')
      const row = rows[0]
      if (!row?.rec) {
        // Promoted, or the URL now points at a primary: its data may be from another timeline; never read from it.
        if (!r.down) opts.warn(`read replica ${r.label} is no longer in recovery: not used`)
        r.down = true
        r.lagMs = null
        return
      }
      const replayed = parseLsn(row.lsn ?? '') ?? 0n
      if (replayed > r.replayed) r.replayed = replayed
      r.lagMs = lagOf(r.replayed, Date.now())
      if (r.down) r.down = false
    } catch (err) {
      if (!r.down) opts.warn(`read replica ${r.label} failed: reads go to the primary until it answers`, err)
      r.down = true
      r.lagMs = null
      r.failedAt = Date.now()
    }
  }

  let polling: Promise<void> | undefined
  const poll = () => {
    if (polling || closed) return
    polling = (async () => {
      await pollPrimary().catch(() => undefined)
      await Promise.all(replicas.map(pollReplica))
    })().finally(() => {
      polling = undefined
    })
  }
  await (poll(), polling)
  const timer = setInterval(poll, POLL_MS)
  timer.unref()

  const served = { primary: 0, replica: 0 }
  let next = 0
  /** A replica that may serve `lsn`: up, within the lag limit, and known to have replayed it; round robin. */
  const pick = (lsn: bigint): Replica | undefined => {
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(next + i) % replicas.length] as Replica
      if (r.down || r.lagMs === null || r.lagMs > opts.maxLagMs || r.replayed < lsn) continue
      next = (next + i + 1) % replicas.length
      return r
    }
    return undefined
  }

  return {
    size: replicas.length,
    primaryLsn: async () => {
      const { rows } = await opts.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      return rows[0]?.lsn as string
    },
    async read(lsn, fn, keep) {
      const r = lsn === null ? undefined : pick(lsn)
      if (!r) {
        served.primary++
        return fn()
      }
      const scope = { pool: r.pool, live: true }
      served.replica++
      try {
        return await store.run(scope, fn)
      } catch (err) {
        if (keep(err)) throw err
        opts.warn(`read on replica ${r.label} failed: run again on the primary`, err)
        r.down = true
        r.lagMs = null
        served.replica--
        served.primary++
        return fn()
      } finally {
        scope.live = false
      }
    },
    current: () => {
      const scope = store.getStore()
      return scope?.live ? scope.pool : undefined
    },
    status: () => replicas.map((r) => statusOf(r, opts.maxLagMs)),
    reads: () => ({ ...served }),
    pools: () => replicas.map((r) => r.pool),
    close: async () => {
      closed = true
      clearInterval(timer)
      await polling
      await endAll()
    },
  }
}

export class NotAReplica extends Error {
  constructor(readonly replica: string) {
    super(`DATABASE_READ_URLS: ${replica} is not a replica (pg_is_in_recovery() is false): refusing to read from it`)
  }
}

/**
 * The pool drizzle is given when replicas are configured: its query() goes to the pool of the current read (a
 * replica inside ReplicaSet.read), else to the primary; connect() (transactions, so every write) always gives a
 * primary connection. It is the primary pool itself with query() shadowed, so drizzle still sees a Pool.
 */
export function routingPool(primary: pg.Pool, set: ReplicaSet): pg.Pool {
  const routed = Object.create(primary) as pg.Pool
  const query = primary.query.bind(primary) as QueryFn
  Object.defineProperty(routed, 'query', {
    value: (...args: unknown[]) => {
      const pool = set.current()
      return pool ? (pool.query as QueryFn).apply(pool, args) : query(...args)
    },
  })
  return routed
}
