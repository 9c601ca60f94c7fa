/*
 * `npm run bench`: seed a realistic data set, start the service as its own process on 127.0.0.1, and load
 * the read endpoints with autocannon, for the embedded default (PGlite) and, when DATABASE_URL is set, for
 * the PostgreSQL server (a fresh atrium_bench_<timestamp> database, dropped at the end; REDIS_URL when set).
 * Exits 1 when any request errored or answered non-2xx. See bench/README.md.
 */
import os from 'node:os'
import { prepareEmbedded, preparePostgres, type BenchDatabase, type Mode } from './database.js'
import { endpoints } from './endpoints.js'
import { measure, probe, unmeasured, type LoadOptions, type Measurement } from './load.js'
import { describe, printTable, verdict } from './report.js'
import { DEFAULT_SEED, type SeedOptions } from './seed.js'
import { startServer } from './server.js'

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number between ${min} and ${max}`)
  return n
}

const load: LoadOptions = {
  connections: envInt('BENCH_CONNECTIONS', 50, 1, 500),
  durationS: envInt('BENCH_DURATION', 10, 1, 60),
  warmupS: envInt('BENCH_WARMUP', 2, 0, 30),
}
const seedOpts: SeedOptions = { ...DEFAULT_SEED, postsPerSite: envInt('BENCH_POSTS_PER_SITE', DEFAULT_SEED.postsPerSite, 60, 5000) }
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean)
const serverUrl = process.env.DATABASE_URL?.trim() || undefined
const redisUrl = process.env.REDIS_URL?.trim() || undefined
const modes: Mode[] = (process.env.BENCH_MODES ?? (serverUrl ? 'embedded,postgres' : 'embedded'))
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is Mode => s === 'embedded' || s === 'postgres')
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)
const WATCHDOG_MS = envInt('BENCH_TIMEOUT_S', 570, 30, 3600) * 1000

const cleanups: (() => Promise<void>)[] = []
async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!
    await fn().catch((err: unknown) => log(`cleanup failed: ${err instanceof Error ? err.message : String(err)}`))
  }
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function prepare(mode: Mode): Promise<BenchDatabase> {
  if (mode === 'embedded') return prepareEmbedded(seedOpts)
  if (!serverUrl) throw new Error('BENCH_MODES includes postgres but DATABASE_URL is not set')
  return preparePostgres(serverUrl, seedOpts)
}

async function runMode(mode: Mode): Promise<Measurement[]> {
  log(`\n=== ${mode === 'embedded' ? 'embedded (PGlite, in-process cache)' : `PostgreSQL server${redisUrl ? ' + Redis' : ' (in-process cache)'}`} ===`)
  const t0 = Date.now()
  const db = await prepare(mode)
  cleanups.push(() => db.cleanup())
  const s = db.seeded
  log(
    `seeded ${db.where}: ${s.sites.length} sites, ${s.posts} published posts, ${s.localizations} localizations ` +
      `(${(s.bodyBytes / s.localizations / 1024).toFixed(1)} KB Markdown each) in ${secs(s.ms)} (with migrations ${secs(Date.now() - t0)})`,
  )
  const server = await startServer({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, redisUrl: mode === 'postgres' ? redisUrl : undefined, nodeArgs })
  cleanups.push(() => server.stop())
  log(`server pid ${server.pid} at ${server.baseUrl}; ${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s per endpoint`)
  const results: Measurement[] = []
  for (const ep of endpoints(seedOpts.postsPerSite)) {
    if (only.length && !only.some((o) => ep.name.toLowerCase().includes(o))) continue
    const reqs = ep.requests(s.sites)
    const p = await probe(server.baseUrl, ep, reqs)
    if (p.status !== 'ok') {
      log(`  ${ep.name}: ${p.status === 'missing' ? 'SKIPPED' : 'FAILED'}: ${p.note}`)
      results.push(unmeasured(ep, p.status, p.note))
      continue
    }
    const m = await measure(server.baseUrl, ep, reqs, load, {
      serverPid: server.pid,
      ...(db.transactions ? { transactions: db.transactions } : {}),
      ...(db.backendPids ? { dbPids: db.backendPids } : {}),
    })
    log(`  ${ep.name}: ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.non2xx} non-2xx, ${m.errors} errors; ${describe(m)} (${reqs.length} distinct requests)`)
    results.push(m)
  }
  await server.stop()
  const tail = server.output()
  if (tail) log(`server output (warn and above):\n${tail}`)
  await cleanupAll()
  return results
}

async function main(): Promise<number> {
  const cpus = os.cpus()
  log(`Atrium read benchmark: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const all: [Mode, Measurement[]][] = []
  for (const mode of modes) all.push([mode, await runMode(mode)])
  for (const [mode, results] of all) printTable(log, mode, results)
  return verdict(log, all)
}

const watchdog = setTimeout(() => {
  log(`bench: still running after ${secs(WATCHDOG_MS)}; stopping`)
  void cleanupAll().finally(() => process.exit(2))
}, WATCHDOG_MS)
watchdog.unref()

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`bench: ${sig}, cleaning up`)
    void cleanupAll().finally(() => process.exit(130))
  })
}

main().then(
  async (code) => {
    await cleanupAll()
    process.exit(code)
  },
  async (err: unknown) => {
    log(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    await cleanupAll()
    process.exit(1)
  },
)
