/*
 * Read replicas (issue 41; bench/README "Read replicas"): cache-miss reads per second against the primary alone and
 * with one streaming standby delayed 0, 100 and 500 ms, the share of misses the standby answered, and stale reads.
 * The primary and standby are temporary clusters of test/servers/pg-standby.ts (this machine's PostgreSQL binaries,
 * as the `postgres` user when run as root, free ports, removed at the end); the machine's own cluster is not touched.
 *
 * Per configuration, Atrium is started as `npm start` starts it (bench/server.ts), one instance with its in-process
 * cache, DATABASE_URL the primary and, but for "primary alone", DATABASE_READ_URLS the standby. Then, at once:
 *   - readers (wrk, or autocannon): published list page 1 of the 10 sites, each request under a new locale tag
 *     (`&locale=en-x-<n>`), so every one is a cache miss (bench/README "Atrium, cache misses");
 *   - one writer per site, once a second: `PUT /blogs/{id}` of a post on that list's first page (a new author), then
 *     the list read again 0, 50, 150, 300 and 600 ms later, each under a new locale tag (a miss, so it is routed
 *     by the LSN check): an answer without the new author is a stale read.
 * The share comes from the server's metrics (`atrium_db_miss_reads_total{target}`, ATRIUM_METRICS_PORT).
 *
 * Run (as root or as a user that may run PostgreSQL's binaries):
 *   npx tsx bench/replicas.ts
 * Settings: BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (50), BENCH_POSTS_PER_SITE (300),
 * BENCH_REPLICA_DELAYS (0,100,500), BENCH_PIN (1), BENCH_LOADGEN.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { openDb } from '../src/db/client.js'
import { migrate } from '../src/db/migrate.js'
import { startPair, type PgPair } from '../test/servers/pg-standby.js'
import { get, type BenchRequest } from './endpoints.js'
import { measure, type LoadGenerator, type Measurement } from './load.js'
import { DEFAULT_SEED, seed, type SeededSite } from './seed.js'
import { buildIfStale, startServer, type RunningServer } from './server.js'
import { pinning, which } from './wrk.js'

const env = process.env
const durationS = Number(env.BENCH_DURATION ?? 10)
const warmupS = Number(env.BENCH_WARMUP ?? 2)
const connections = Number(env.BENCH_CONNECTIONS ?? 50)
const postsPerSite = Number(env.BENCH_POSTS_PER_SITE ?? 300)
const delays = (env.BENCH_REPLICA_DELAYS ?? '0,100,500').split(',').map(Number)
const pin = pinning(env.BENCH_PIN !== '0')
const wrk = env.BENCH_LOADGEN === 'autocannon' ? undefined : which('wrk')
const gen: LoadGenerator = wrk ? { kind: 'wrk', path: wrk, cpu: pin.loadGen } : { kind: 'autocannon' }
/** When the writer reads the list again after its PUT (ms). */
const CHECKS_MS = [0, 50, 150, 300, 600]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1')
  await new Promise((r) => srv.once('listening', r))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise((r) => srv.close(r))
  return port
}

const listPath = (site: SeededSite) => `/sites/${site.id}/blogs/published?page=1&per_page=10`

interface Counts {
  misses: number
  onPrimary: number
  onReplica: number
}

async function counts(metricsUrl: string): Promise<Counts> {
  const text = await (await fetch(metricsUrl)).text()
  const n = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0)
  return {
    misses: n(/^atrium_cache_misses_total\{cache="read"\} (\d+)/m),
    onPrimary: n(/^atrium_db_miss_reads_total\{target="primary"\} (\d+)/m),
    onReplica: n(/^atrium_db_miss_reads_total\{target="replica"\} (\d+)/m),
  }
}

interface WriterResult {
  writes: number
  checks: number
  stale: number
  failed: number
  notes: string[]
}

/** One writer per site (see the header); stop() waits for the rounds in flight. */
function startWriters(baseUrl: string, sites: SeededSite[], firstPage: Map<string, string[]>, tag: string) {
  const out: WriterResult = { writes: 0, checks: 0, stale: 0, failed: 0, notes: [] }
  let running = true
  let bust = 0
  const note = (s: string) => {
    if (out.notes.length < 5) out.notes.push(s)
  }
  const loop = async (site: SeededSite, index: number) => {
    await sleep((index * 1000) / sites.length)
    const ids = firstPage.get(site.id) ?? []
    for (let n = 0; running; n++) {
      const started = performance.now()
      const id = ids[n % ids.length] as string
      const author = `Replica bench ${tag} ${site.slug} ${n}`
      const put = await fetch(`${baseUrl}/api/v1/blogs/${id}`, {
        method: 'PUT',
        headers: { 'x-api-key': site.writeKey, 'content-type': 'application/json' },
        body: JSON.stringify({ author }),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => err as Error)
      if (put instanceof Error || put.status !== 200) {
        out.failed++
        note(`PUT /blogs/${id}: ${put instanceof Error ? put.message : put.status}`)
        await sleep(1000)
        continue
      }
      await put.text()
      out.writes++
      const t0 = performance.now()
      for (const at of CHECKS_MS) {
        await sleep(Math.max(0, at - (performance.now() - t0)))
        const req: BenchRequest = get(site, `${listPath(site)}&locale=en-x-w${bust++}`)
        try {
          const res = await fetch(`${baseUrl}${req.path}`, { headers: req.headers, signal: AbortSignal.timeout(10_000) })
          const body = (await res.json()) as { data?: Array<{ id: string; author: string | null }> }
          out.checks++
          if (res.status !== 200) {
            out.failed++
            note(`GET ${req.path}: ${res.status}`)
          } else if (body.data?.find((b) => b.id === id)?.author !== author) {
            out.stale++
            note(`stale ${at} ms after the write of ${id}`)
          }
        } catch (err) {
          out.failed++
          note(err instanceof Error ? err.message : String(err))
        }
      }
      await sleep(Math.max(0, 1000 - (performance.now() - started)))
    }
  }
  const loops = sites.map(loop)
  return {
    stop: async () => {
      running = false
      await Promise.all(loops)
      return out
    },
  }
}

interface Row {
  config: string
  m: Measurement
  share: number
  counts: Counts
  writer: WriterResult
  load: string
}

async function runConfig(pair: PgPair, sites: SeededSite[], firstPage: Map<string, string[]>, delayMs: number | null): Promise<Row> {
  const config = delayMs === null ? 'primary alone' : `replica, ${delayMs} ms behind`
  if (delayMs !== null) {
    await pair.setDelay(delayMs)
    await pair.catchUp()
  }
  const metricsPort = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-repl-'))
  let server: RunningServer | undefined
  try {
    server = await startServer({
      dataDir,
      databaseUrl: pair.primaryUrl,
      redisUrl: undefined,
      cpu: pin.server,
      env: { ATRIUM_METRICS_PORT: String(metricsPort), ...(delayMs === null ? {} : { DATABASE_READ_URLS: pair.standbyUrl }) },
    })
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    const before = await counts(metricsUrl)
    const writers = startWriters(server.baseUrl, sites, firstPage, config.replace(/\W+/g, '-'))
    const reqs = sites.map((s) => get(s, listPath(s)))
    const m = await measure(
      gen,
      server.baseUrl,
      { name: 'published list page 1, misses', target: undefined },
      { reqs, kind: 'bust' },
      { connections, durationS, warmupS },
      { serverPid: server.pid },
    )
    const writer = await writers.stop()
    const after = await counts(metricsUrl)
    const c = { misses: after.misses - before.misses, onPrimary: after.onPrimary - before.onPrimary, onReplica: after.onReplica - before.onReplica }
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')
    return { config, m, share: c.onReplica / Math.max(1, c.onPrimary + c.onReplica), counts: c, writer, load }
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; ${pin.note}; load generator ${gen.kind}`,
  )
  await buildIfStale()
  const pair = await startPair({ db: 'atrium_bench', delayMs: 0 })
  try {
    const dbh = await openDb({ databaseUrl: pair.primaryUrl, poolSize: 2 })
    let sites: SeededSite[]
    try {
      await migrate(dbh)
      sites = (await seed(dbh.db, { ...DEFAULT_SEED, postsPerSite })).sites
    } finally {
      await dbh.close()
    }
    await pair.catchUp(120_000)
    // The posts of each site's first page: the writers change those, so every check finds its post on the page.
    const firstPage = new Map<string, string[]>()
    {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-repl-'))
      const probe = await startServer({ dataDir, databaseUrl: pair.primaryUrl, redisUrl: undefined })
      try {
        for (const s of sites) {
          const req = get(s, listPath(s))
          const body = (await (await fetch(`${probe.baseUrl}${req.path}`, { headers: req.headers })).json()) as { data: Array<{ id: string }> }
          firstPage.set(
            s.id,
            body.data.map((b) => b.id),
          )
        }
      } finally {
        await probe.stop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
    const rows: Row[] = []
    // A first run warms the primary's buffers and the operating system's caches; it is not reported.
    await runConfig(pair, sites, firstPage, null)
    for (const d of [null, ...delays, null]) {
      const row = await runConfig(pair, sites, firstPage, d)
      rows.push(row)
      console.log(JSON.stringify({ ...row, m: { rps: row.m.rps, p50: row.m.p50, p99: row.m.p99, non2xx: row.m.non2xx, errors: row.m.errors, cpu: row.m.cpu } }))
    }
    console.log('\n| configuration | miss req/s | p50 ms | p99 ms | misses on the replica | writes | checks | stale | failed | load average (1, 5, 15 min) |')
    console.log('|---|---|---|---|---|---|---|---|---|---|')
    for (const r of rows) {
      const share = r.config === 'primary alone' ? '—' : `${(100 * r.share).toFixed(1)} % (${r.counts.onReplica} of ${r.counts.onPrimary + r.counts.onReplica})`
      console.log(
        `| ${r.config} | ${Math.round(r.m.rps)} | ${r.m.p50.toFixed(1)} | ${r.m.p99.toFixed(1)} | ${share} | ${r.writer.writes} | ${r.writer.checks} | ${r.writer.stale} | ${r.writer.failed + r.m.non2xx + r.m.errors} | ${r.load} |`,
      )
    }
    for (const r of rows) if (r.writer.notes.length) console.log(`${r.config}: ${r.writer.notes.join('; ')}`)
    const stale = rows.reduce((s, r) => s + r.writer.stale, 0)
    if (stale > 0) process.exitCode = 1
  } finally {
    await pair.close()
  }
}

await main()
