/*
 * The two database modes of the bench. Embedded: a fresh temporary ATRIUM_DATA_DIR (PGlite under <dir>/pg).
 * Server: a fresh database atrium_bench_<timestamp> on the DATABASE_URL server, dropped at the end; no
 * other database is touched. With REDIS_URL, the keys Atrium wrote there for the bench's sites (random ids)
 * are deleted after the cache-miss runs and at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import { openDb } from '../src/db/client.js'
import { migrate } from '../src/db/migrate.js'
import { explainLookups, type PlanCheck } from './explain.js'
import { seed, type SeedOptions, type SeedResult } from './seed.js'

export type Mode = 'embedded' | 'postgres'

export interface BenchDatabase {
  mode: Mode
  /** Temporary ATRIUM_DATA_DIR for the server process (media, generated secrets; the PGlite data in embedded mode). */
  dataDir: string
  /** DATABASE_URL for the server process (postgres mode only). */
  databaseUrl: string | undefined
  /** Human-readable location, for the log. */
  where: string
  seeded: SeedResult
  /** EXPLAIN (ANALYZE) of the lookups that must be one indexed query on a cache miss (bench/explain.ts). */
  plans: PlanCheck[]
  /** Committed + rolled-back transactions of the bench database so far (server only): queries per request, roughly. */
  transactions?: () => Promise<number>
  /** Process ids of the backends connected to the bench database (server only). */
  backendPids?: () => Promise<number[]>
  /** Removes everything this bench created (idempotent). */
  cleanup(): Promise<void>
}

const BENCH_DB = /^atrium_bench_\d+$/

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Seeds a fresh embedded data directory, then closes PGlite so the server process can open it. */
export async function prepareEmbedded(opts: SeedOptions): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'))
  const cleanup = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }))
  try {
    const dbh = await openDb({ dataDir })
    try {
      await migrate(dbh)
      const seeded = await seed(dbh.db, opts)
      const plans = await explainLookups(dbh, seeded.sites)
      return { mode: 'embedded', dataDir, databaseUrl: undefined, where: `${dataDir}/pg`, seeded, plans, cleanup }
    } finally {
      await dbh.close()
    }
  } catch (err) {
    await cleanup()
    throw err
  }
}

/**
 * The URL the bench asks its administrative questions through (create, drop, statistics): DATABASE_URL
 * itself, or the server's `postgres` database when the one DATABASE_URL names does not exist.
 */
export async function adminUrlOf(url: string): Promise<string> {
  try {
    await adminQuery(url, 'select 1')
    return url
  } catch (err) {
    if ((err as { code?: unknown }).code !== '3D000') throw err
    return withDatabase(url, 'postgres')
  }
}

/** Creates atrium_bench_<timestamp> on the server of DATABASE_URL, migrates and seeds it. */
export async function preparePostgres(url: string, opts: SeedOptions): Promise<BenchDatabase> {
  const serverUrl = await adminUrlOf(url)
  const name = `atrium_bench_${Date.now()}`
  if (!BENCH_DB.test(name)) throw new Error(`refusing database name ${name}`)
  await adminQuery(serverUrl, `create database "${name}"`)
  // After the database exists, so a failed create leaves no directory behind.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'))
  const databaseUrl = withDatabase(serverUrl, name)
  let dropped = false
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (dropped) return
    dropped = true
    // Only ever the database this run created (the name check above), and forcibly: the server may linger.
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`)
  }
  try {
    const dbh = await openDb({ databaseUrl, poolSize: 2 })
    try {
      await migrate(dbh)
      const seeded = await seed(dbh.db, opts)
      const plans = await explainLookups(dbh, seeded.sites)
      const u = new URL(databaseUrl)
      // Asked through the server URL's own database, so the question is not counted in the answer.
      const transactions = async () => {
        const rows = await adminQuery<{ n: string }>(serverUrl, 'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name])
        return Number(rows[0]?.n ?? 0)
      }
      const backendPids = async () =>
        (await adminQuery<{ pid: number }>(serverUrl, 'select pid from pg_stat_activity where datname = $1', [name])).map((r) => Number(r.pid))
      return { mode: 'postgres', dataDir, databaseUrl, where: `${u.host}/${name}`, seeded, plans, cleanup, transactions, backendPids }
    } finally {
      await dbh.close()
    }
  } catch (err) {
    await cleanup()
    throw err
  }
}

/**
 * Deletes the keys Atrium wrote in Redis for these sites: read-cache entries (`…rc:<namespace>:<site id>:…`),
 * and with `all` everything naming the sites (content versions too). The site ids are this run's random
 * UUIDs, so no other key matches. Returns the number deleted.
 */
export async function clearCacheKeys(redisUrl: string, siteIds: string[], all: boolean): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 })
  let deleted = 0
  try {
    await redis.connect()
    for (const id of siteIds) {
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', all ? `*${id}*` : `*rc:*:${id}:*`, 'COUNT', 1000)
        cursor = next
        if (keys.length) deleted += await redis.unlink(...keys)
      } while (cursor !== '0')
    }
  } finally {
    redis.disconnect()
  }
  return deleted
}
