/*
 * The `retention` part of `npm run bench` (BENCH_PARTS=retention runs it alone; embedded only: on a server the
 * job's statements do not run on Atrium's event loop). Issue 31 item 10: cached reads while the daily usage job
 * (workers/retention.ts: roll-up, then deletes in batches of 1000) works through 5,000,000 usage records must stay
 * within 10 % of the same reads without it. Seeds the usual data set, adds BENCH_RETENTION_ROWS usage records
 * (default 5,000,000) over the sites' keys with generate_series in SQL, spread evenly over the last 60 days (half
 * of them past the 30-day retention), then measures cached reads of post by slug twice, each on a fresh server:
 * first with today's run of the jobs already claimed (nothing runs), then with the claims removed, so the job
 * starts with the server (atStart) and runs during the measurement. Prints both rates, their ratio, and how far
 * the job got (usage rows left) so the run says whether the job was busy the whole time.
 */
import { sql } from 'drizzle-orm'
import { openDb } from '../src/db/client.js'
import { rowsOf } from '../src/db/migrate.js'
import { prepareEmbedded } from './database.js'
import { endpoints } from './endpoints.js'
import { measure, type LoadGenerator, type LoadOptions } from './load.js'
import type { SeedOptions } from './seed.js'
import { startServer } from './server.js'

export interface RetentionBenchOptions {
  gen: LoadGenerator
  load: LoadOptions
  seed: SeedOptions
  rows: number
  /** Paired rounds (BENCH_RETENTION_ROUNDS): half in the roll-up, half in the delete batches. */
  rounds: number
  serverCpu: number | undefined
  nodeArgs: string[]
  log: (line: string) => void
}

const JOBS = ['api-key-usage', 'audit-retention']

async function withDb<T>(dataDir: string, fn: (db: Awaited<ReturnType<typeof openDb>>['db']) => Promise<T>): Promise<T> {
  const dbh = await openDb({ dataDir })
  try {
    return await fn(dbh.db)
  } finally {
    await dbh.close()
  }
}

const count = async (db: Awaited<ReturnType<typeof openDb>>['db'], q: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await db.execute(q))[0]?.n ?? 0)

export async function retentionBench(o: RetentionBenchOptions): Promise<boolean> {
  o.log('\n=== retention: cached reads with the daily usage job running (embedded) ===')
  const db = await prepareEmbedded(o.seed)
  try {
    const t0 = Date.now()
    await withDb(db.dataDir, async (d) => {
      // rows spread evenly over the keys and the last 60 days, status codes mostly 200, some 304, 404 and 500
      await d.execute(sql`insert into api_key_usage (api_key_id, method, path, status_code, ip_hash, created_at)
        select k.ids[1 + (g % array_length(k.ids, 1))], 'GET', '/api/v1/sites/x/blogs/published',
          (array[200, 200, 200, 200, 200, 200, 304, 404, 200, 500])[1 + (g % 10)], 'bench',
          now() - (g::double precision / ${o.rows}) * interval '60 days'
        from generate_series(1, ${o.rows}) g, (select array_agg(id order by id) as ids from api_keys) k`)
    })
    o.log(`  seeded ${o.rows.toLocaleString('en')} usage rows with generate_series in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const list = endpoints(o.seed.postsPerSite).find((e) => e.id === 'slug') ?? endpoints(o.seed.postsPerSite)[0]!
    const reqs = list.requests(db.seeded.sites)
    const run = async (label: string) => {
      const server = await startServer({ dataDir: db.dataDir, databaseUrl: undefined, redisUrl: undefined, nodeArgs: o.nodeArgs, cpu: o.serverCpu })
      try {
        const m = await measure(o.gen, server.baseUrl, list, { reqs, kind: 'rotate' }, o.load, { serverPid: server.pid })
        o.log(`  ${label}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, non-2xx ${m.non2xx}, errors ${m.errors}`)
        return m
      } finally {
        await server.stop()
      }
    }
    const today = new Date().toISOString().slice(0, 10)
    const claimToday = () =>
      withDb(db.dataDir, (d) =>
        d.execute(sql`insert into maintenance_runs (job, day) select j, ${today}::date from unnest(${`{${JOBS.join(',')}}`}::text[]) j on conflict do nothing`),
      )
    const unclaimToday = () => withDb(db.dataDir, (d) => d.execute(sql`delete from maintenance_runs where day = ${today}::date`))
    // Paired rounds (a single pair spread from 82 % to 91 % on a quiet machine): the order alternates, and the
    // second half of the rounds starts with the roll-up marked done, so the job is in its delete batches.
    const rounds = Math.max(2, o.rounds)
    const ratios: { phase: string; ratio: number }[] = []
    let clean = true
    for (let i = 0; i < rounds; i++) {
      const phase = i < rounds / 2 ? 'roll-up' : 'deletes'
      if (phase === 'deletes' && i === Math.ceil(rounds / 2))
        await withDb(db.dataDir, (d) =>
          d.execute(sql`insert into api_key_usage_rollup_state (id, rolled_before, updated_at) values (1, ${today}::date, now())
          on conflict (id) do update set rolled_before = excluded.rolled_before, updated_at = now()`),
        )
      const offFirst = i % 2 === 0
      const measureOne = async (withJob: boolean) => {
        await (withJob ? unclaimToday() : claimToday())
        return run(`round ${i + 1} (${phase}), ${list.name}, ${withJob ? 'usage job running' : 'no job'}`)
      }
      const first = await measureOne(!offFirst)
      const second = await measureOne(offFirst)
      const [without, withJob] = offFirst ? [first, second] : [second, first]
      clean &&= [without, withJob].every((m) => m.non2xx === 0 && m.errors === 0)
      ratios.push({ phase, ratio: withJob.rps / without.rps })
    }
    const after = await withDb(db.dataDir, async (d) => ({
      left: await count(d, sql`select count(*) as n from api_key_usage`),
      finished: await count(d, sql`select count(*) as n from maintenance_runs where job = 'api-key-usage' and finished_at is not null`),
    }))
    const median = (xs: number[]) => {
      const v = [...xs].sort((a, b) => a - b)
      const m = Math.floor(v.length / 2)
      return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2
    }
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`
    const ratio = median(ratios.map((r) => r.ratio))
    o.log(
      `  with the job: median ${pct(ratio)} of the rate without it over ${rounds} paired rounds (${ratios.map((r) => `${r.phase} ${pct(r.ratio)}`).join(', ')}; ` +
        `target >= 90 %: ${ratio >= 0.9 ? 'met' : 'MISSED'}); usage rows left ${after.left.toLocaleString('en')} of ` +
        `${o.rows.toLocaleString('en')} (${after.finished ? 'the job finished during or after the run' : 'the job was still running when the server stopped'})`,
    )
    return clean
  } finally {
    await db.cleanup()
  }
}
