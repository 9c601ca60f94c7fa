/*
 * Analytics part of `npm run bench` (BENCH_PARTS=analytics runs it alone). Needs DATABASE_URL: it measures the
 * PostgreSQL server mode (REDIS_URL used when set), in a fresh atrium_bench_analytics_<ts> database dropped at the end.
 *   1. Ingestion: wrk (one thread, pinned like the other runs) POSTs pageviews with varied paths, referrers and user
 *      agents (the client IP is 127.0.0.1: the bench server trusts no proxy) at BENCH_CONNECTIONS (50)
 *      for BENCH_DURATION (10) s, as one site-scoped Read key. Afterwards the rows written are counted: they must
 *      equal the 201 answers wrk saw, plus at most the requests still in flight when wrk stopped.
 *   2. Report: 1,000,000 events over 365 days seeded for another site (generate_series INSERT … SELECT), rolled up
 *      through POST …/aggregate, then 50 sequential GET …/report?days=365 (top_n varied 1..50: no two alike).
 * Targets (issue 15): ≥ 5,000 pageviews/s with p99 < 50 ms; report p99 < 100 ms. Prints CPU ms per request too.
 */
import { adminUrlOf } from './database.js'
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { processCpuMs } from './cpu.js'
import { buildIfStale, startServer } from './server.js'

export interface AnalyticsBenchOptions {
  serverUrl: string | undefined
  redisUrl: string | undefined
  wrkPath: string | undefined
  wrkCpu: number | undefined
  serverCpu: number | undefined
  nodeArgs: string[]
  connections: number
  durationS: number
  log: (line: string) => void
}

const LUA = `
local SITE, KEY = %SITE%, %KEY%
created, other, issued = 0, 0, 0
math.randomseed(42)
local agents = {}
for i = 1, 50 do agents[i] = "Mozilla/5.0 (Bench " .. i .. ") Gecko/20100101 Firefox/" .. (100 + i) end
local refs = { "https://news.example.com/a", "https://www.search.example/q?x=1", "", "android-app://x", "https://blog.example.org/" }
function request()
  issued = issued + 1
  local n = issued
  local body = '{"path":"/blog/post-' .. (n % 500) .. '/?utm=' .. n .. '","referrer":"' .. refs[(n % #refs) + 1] .. '"}'
  local h = { ["Content-Type"] = "application/json", ["X-API-Key"] = KEY,
    ["User-Agent"] = agents[(n % #agents) + 1] }
  return wrk.format("POST", "/api/v1/sites/" .. SITE .. "/analytics/pageview", h, body)
end
function response(status, headers, body)
  if status == 201 then created = created + 1 else other = other + 1 end
end
local threads = {}
function setup(thread) threads[#threads + 1] = thread end
function done(summary, latency, requests)
  local t = threads[1]
  local e = summary.errors
  io.write(string.format('\\nBENCH_AN {"requests":%d,"durationUs":%.0f,"p50":%d,"p99":%d,"created":%d,"other":%d,"issued":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), t:get("created"), t:get("other"), t:get("issued"),
    e.connect + e.read + e.write + e.timeout + e.status))
end
`

interface WrkOut {
  requests: number
  durationUs: number
  p50: number
  p99: number
  created: number
  other: number
  issued: number
  errors: number
}

function runWrk(wrk: string, cpu: number | undefined, script: string, url: string, connections: number, durationS: number): Promise<WrkOut> {
  const args = ['-t1', `-c${connections}`, `-d${durationS}s`, '--latency', '--timeout', '10s', '-s', script, url]
  const pin = cpu === undefined ? '' : `taskset -c ${cpu} `
  const child = spawn('bash', ['-c', `${pin}"$0" "$@"`, wrk, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_AN '))
      if (code !== 0 || !line) reject(new Error(`wrk exited with ${code}:\n${out.slice(-2000)}`))
      else resolve(JSON.parse(line.slice('BENCH_AN '.length)) as WrkOut)
    })
  })
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

async function api<T>(base: string, key: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`)
  return JSON.parse(text) as T
}

/** Runs both measurements; returns false when a target was missed or a check failed. */
export async function analyticsBench(o: AnalyticsBenchOptions): Promise<boolean> {
  const { log } = o
  log('\n=== analytics (PostgreSQL server) ===')
  if (!o.serverUrl) {
    log('analytics: skipped (DATABASE_URL not set; the figures are for the PostgreSQL server mode)')
    return true
  }
  if (!o.wrkPath) {
    log('analytics: skipped (wrk not found: apt-get install wrk)')
    return true
  }
  await buildIfStale()
  const admin = new URL(await adminUrlOf(o.serverUrl))
  const name = `atrium_bench_analytics_${Date.now()}`
  const adminClient = new pg.Client({ connectionString: admin.toString() })
  await adminClient.connect()
  await adminClient.query(`create database "${name}"`)
  const dbUrl = new URL(admin.toString())
  dbUrl.pathname = `/${name}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-analytics-'))
  const env: NodeJS.ProcessEnv = { ...process.env, ATRIUM_DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn' }
  delete env.REDIS_URL
  delete env.ATRIUM_BOOTSTRAP_KEY
  let ok = true
  try {
    // Migrates and prints a new Master key (the CLI of npm start).
    const master = execFileSync(process.execPath, ['dist/main.js', 'keys', 'create', '--permission', 'Master', '--name', 'bench'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    const server = await startServer({ dataDir, databaseUrl: dbUrl.toString(), redisUrl: o.redisUrl, nodeArgs: o.nodeArgs, cpu: o.serverCpu })
    const db = new pg.Client({ connectionString: dbUrl.toString() })
    await db.connect()
    try {
      const base = server.baseUrl
      const site = await api<{ id: string }>(base, master, 'POST', '/sites', { name: 'Bench analytics', slug: `bench-analytics-${Date.now()}` })
      const read = await api<{ key: string }>(base, master, 'POST', '/api-keys', {
        name: 'bench read',
        permission: 'Read',
        site_id: site.id,
        rate_limit_per_minute: 1_000_000,
      })

      // 1. ingestion
      const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-an-wrk-'))
      const script = path.join(dir, 'pageview.lua')
      writeFileSync(script, LUA.replace('%SITE%', JSON.stringify(site.id)).replace('%KEY%', JSON.stringify(read.key)))
      await runWrk(o.wrkPath, o.wrkCpu, script, base, o.connections, 2) // warm-up
      await new Promise((r) => setTimeout(r, 1500))
      const before = Number((await db.query('select count(*) as n from analytics_events')).rows[0].n)
      const cpu0 = processCpuMs(server.pid)
      const load0 = os.loadavg()[0]!.toFixed(2)
      const w = await runWrk(o.wrkPath, o.wrkCpu, script, base, o.connections, o.durationS)
      const cpu1 = processCpuMs(server.pid)
      rmSync(dir, { recursive: true, force: true })
      await new Promise((r) => setTimeout(r, 1500)) // longer than the flush interval
      const rows = Number((await db.query('select count(*) as n from analytics_events')).rows[0].n) - before
      const rps = w.created / (w.durationUs / 1e6)
      const cpuPer = cpu0 !== undefined && cpu1 !== undefined ? ((cpu1 - cpu0) / Math.max(1, w.requests)).toFixed(3) : 'n/a'
      // wrk stops with up to `connections` requests in flight: the server may have accepted those too.
      const rowsOk = rows >= w.created && rows <= w.created + o.connections
      log(
        `ingestion: ${rps.toFixed(0)} pageviews/s (${w.created} answered 201 in ${(w.durationUs / 1e6).toFixed(1)} s, ${w.other} other, ${w.errors} socket errors), ` +
          `p50 ${(w.p50 / 1000).toFixed(1)} ms, p99 ${(w.p99 / 1000).toFixed(1)} ms; server CPU ${cpuPer} ms/request; load average ${load0} → ${os.loadavg()[0]!.toFixed(2)}`,
      )
      log(`  rows written ${rows} for ${w.created} accepted (${rows - w.created} more were in flight when wrk stopped): ${rowsOk ? 'OK' : 'MISMATCH'}`)
      const ingestOk = rps >= 5000 && w.p99 / 1000 < 50
      log(`  target ≥ 5000/s and p99 < 50 ms: ${ingestOk ? 'met' : 'NOT met'}`)
      if (!rowsOk || w.other > 0 || w.errors > 0) ok = false

      // 2. report over 1,000,000 events of 365 days
      const big = await api<{ id: string }>(base, master, 'POST', '/sites', { name: 'Bench analytics report', slug: `bench-analytics-report-${Date.now()}` })
      const t0 = Date.now()
      await db.query(
        `insert into analytics_events (site_id, path, referrer_domain, visitor_hash, occurred_at)
         select $1, '/blog/post-' || (g % 200), case when g % 3 = 0 then 'news.example.com' end,
                encode(sha256(((g % 4000)::text || ':' || (g % 365))::bytea), 'hex'),
                now() - ((g % 365) * interval '1 day') - ((g % 86000) * interval '1 second')
         from generate_series(1, 1000000) g`,
        [big.id],
      )
      const seedMs = Date.now() - t0
      const t1 = Date.now()
      const agg = await api<{ rows_affected: number }>(base, master, 'POST', `/sites/${big.id}/analytics/aggregate?retention_days=3650`)
      const aggMs = Date.now() - t1
      log(
        `report: seeded 1,000,000 events over 365 days in ${(seedMs / 1000).toFixed(1)} s; aggregate took ${(aggMs / 1000).toFixed(1)} s (${agg.rows_affected} rows)`,
      )
      const times: number[] = []
      const rcpu0 = processCpuMs(server.pid)
      let total = 0
      for (let i = 0; i < 50; i++) {
        const s = performance.now()
        const r = await api<{ total_views: number; trend: unknown[] }>(base, master, 'GET', `/sites/${big.id}/analytics/report?days=365&top_n=${(i % 50) + 1}`)
        times.push(performance.now() - s)
        total = r.total_views
        if (r.trend.length !== 365) ok = false
      }
      const rcpu1 = processCpuMs(server.pid)
      times.sort((a, b) => a - b)
      const rp99 = pct(times, 99)
      log(
        `  GET report?days=365 ×50 sequential (top_n 1..50): p50 ${pct(times, 50).toFixed(1)} ms, p99 ${rp99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; ` +
          `server CPU ${rcpu0 !== undefined && rcpu1 !== undefined ? ((rcpu1 - rcpu0) / 50).toFixed(1) : 'n/a'} ms/request; total_views ${total} (window ends today: the seed's newest day is today)`,
      )
      log(`  target p99 < 100 ms: ${rp99 < 100 ? 'met' : 'NOT met'}`)
      if (!ingestOk || rp99 >= 100) ok = false
    } finally {
      await db.end()
      await server.stop()
      const tail = server.output()
      if (tail) log(`Atrium output (warn and above):\n${tail}`)
    }
  } finally {
    await adminClient.query(`drop database if exists "${name}" with (force)`).catch(() => undefined)
    await adminClient.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return ok
}
