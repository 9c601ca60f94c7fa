/*
 * Retention of API-key usage: dropping a month's partition against deleting its rows in the job's batches
 * (issue 41; bench/README "Partitioned retention"). On the DATABASE_URL server, in a database of its own
 * (`atrium_bench_parts_<time>`, dropped at the end): migrates, fills one month partition of api_key_usage with
 * BENCH_PARTITION_ROWS rows (default 1,000,000) over 100 keys with generate_series, then
 *   1. deletes them as the daily job did before partitions (usage.queries.ts deleteUsageBatch, DELETE_BATCH rows a
 *      statement, key by key), timing it and sampling the locks it holds on the parent (pg_locks, every 50 ms);
 *   2. fills the month again and drops its partition (db/partitions.ts dropPartitionsBefore), timing and sampling
 *      likewise.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/partition-retention.ts
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { DELETE_BATCH } from '../src/core/background-batches.js'
import { openDb } from '../src/db/client.js'
import { migrate } from '../src/db/migrate.js'
import { dropPartitionsBefore, makePartitionsAhead, monthStart } from '../src/db/partitions.js'
import { deleteUsageBatch } from '../src/modules/api-keys/usage.queries.js'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL server)')
const rows = Number(process.env.BENCH_PARTITION_ROWS ?? 1_000_000)
const name = `atrium_bench_parts_${Date.now().toString(36)}`
const admin = new pg.Client({ connectionString: url })
await admin.connect()
await admin.query(`create database ${name}`)
const u = new URL(url)
u.pathname = `/${name}`
const dbh = await openDb({ databaseUrl: u.toString(), poolSize: 2 })
const watcher = new pg.Client({ connectionString: u.toString() })
await watcher.connect()

/** Samples the strongest lock modes other sessions hold on api_key_usage (the parent) while `fn` runs. */
async function sampled<T>(fn: () => Promise<T>): Promise<{ ms: number; out: T; locks: string[] }> {
  const seen = new Set<string>()
  let on = true
  const loop = (async () => {
    while (on) {
      const r = await watcher.query<{ mode: string }>(
        `select distinct mode from pg_locks where relation = 'api_key_usage'::regclass and pid <> pg_backend_pid() and granted`,
      )
      for (const row of r.rows) seen.add(row.mode)
      await new Promise((res) => setTimeout(res, 50))
    }
  })()
  const start = performance.now()
  const out = await fn()
  const ms = performance.now() - start
  on = false
  await loop
  return { ms, out, locks: [...seen].sort() }
}

try {
  await migrate(dbh)
  const month = monthStart(new Date(), -3)
  await makePartitionsAhead(dbh.db, month, 0)
  const keys = Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
  const fill = async () => {
    const start = performance.now()
    await dbh.db.execute(sql`insert into api_key_usage (api_key_id, method, path, status_code, ip_hash, created_at)
      select (${sql.raw(`array['${keys.join("','")}']`)}::uuid[])[1 + g % 100], 'GET', '/api/v1/sites', 200, 'h',
        ${month.toISOString()}::timestamptz + (g % 2419200) * interval '1 second'
      from generate_series(1, ${rows}) g`)
    await dbh.db.execute(sql`analyze api_key_usage`)
    return performance.now() - start
  }
  const cutoff = monthStart(month, 1)
  console.log(`fill ${rows} rows: ${Math.round(await fill())} ms`)
  const del = await sampled(async () => {
    let n = 0
    let statements = 0
    for (const k of keys) {
      for (;;) {
        const got = await deleteUsageBatch(dbh.db, k, cutoff, DELETE_BATCH)
        statements++
        n += got
        if (got < DELETE_BATCH) break
      }
    }
    return { n, statements }
  })
  console.log(
    `delete in batches of ${DELETE_BATCH}: ${del.out.n} rows, ${del.out.statements} statements, ${Math.round(del.ms)} ms; locks on the parent: ${del.locks.join(', ')}`,
  )
  console.log(`fill again: ${Math.round(await fill())} ms`)
  const drop = await sampled(() => dropPartitionsBefore(dbh.db, 'api_key_usage', cutoff))
  console.log(`drop partition ${drop.out.join(', ')}: ${drop.ms.toFixed(1)} ms; locks on the parent: ${drop.locks.join(', ') || '(none sampled)'}`)
  const per = del.ms / rows
  console.log(`extrapolated to 10,000,000 rows: delete ≈ ${Math.round((per * 10_000_000) / 1000)} s; drop stays one catalogue change`)
} finally {
  await watcher.end()
  await dbh.close()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
