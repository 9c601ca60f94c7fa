/*
 * The `metrics` part of `npm run bench` (BENCH_PARTS=metrics): what Prometheus metrics (ATRIUM_METRICS_PORT) cost
 * a cached read. The published list, page 1 (the cached blog list) is measured on Atrium with metrics off and
 * with metrics on, in paired rounds like the issue 11 reads (phases.ts pairedPhase): each round starts one server
 * of each (one after the other: the embedded database is one process's at a time), warms and loads it, and stops
 * it; the server with metrics off goes first in odd rounds and second in even ones. With metrics on, /metrics is
 * scraped during every run, as Prometheus would. The figure is the median of the rounds' ratios (on / off); the
 * target is at most 3 % less throughput.
 */
import http from 'node:http'
import type { Endpoint } from './endpoints.js'
import { measure, type Measurement } from './load.js'
import type { Phase } from './phases.js'
import { HOST, type RunningServer } from './server.js'

/** Metrics may cost at most 3 % of the cached list's throughput. */
export const METRICS_TARGET = 0.97

/** A port for the metrics listener, away from the bench servers' own. */
const METRICS_PORT = 9464

function scrape(): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: HOST, port: METRICS_PORT, path: '/metrics', agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

const cpuPerReq = (m: Measurement) => (m.cpu.server === undefined ? undefined : m.cpu.server)

/** Runs the paired rounds; returns false when a run errored or a scrape failed. */
export async function metricsPhase(
  p: Phase,
  list: Endpoint,
  start: (env: Record<string, string>) => Promise<RunningServer>,
  rounds: number,
  durationS: number,
): Promise<boolean> {
  if (rounds === 0) return true
  const load = { ...p.load, durationS }
  let ok = true
  const run = async (on: boolean): Promise<Measurement> => {
    const server = await start(on ? { ATRIUM_METRICS_PORT: String(METRICS_PORT) } : {})
    try {
      // Scraped once a second while the load runs (Prometheus scrapes every 15 s or so: this is more).
      const scrapes = on ? setInterval(() => void scrape().catch(() => (ok = false)), 1000) : undefined
      const m = await measure(p.gen, server.baseUrl, list, { reqs: list.requests(p.sites), kind: 'rotate' }, load, {
        serverPid: server.pid,
        transactions: p.db.transactions,
        dbPids: p.db.backendPids,
      })
      clearInterval(scrapes)
      if (on) {
        const s = await scrape()
        const series = s.body.split('\n').filter((l) => l.startsWith('atrium_http_request_duration_seconds_count{')).length
        if (s.status !== 200 || series === 0) ok = false
        p.log(`    metrics on: /metrics ${s.status}, ${(s.body.length / 1024).toFixed(1)} KB, ${series} request series`)
      }
      if (m.errors > 0 || m.non2xx > 0) ok = false
      return m
    } finally {
      await server.stop()
    }
  }
  const pairs: { off: Measurement; on: Measurement }[] = []
  for (let i = 0; i < rounds; i++) {
    const offFirst = i % 2 === 0
    const first = await run(!offFirst)
    const second = await run(offFirst)
    pairs.push(offFirst ? { off: first, on: second } : { on: first, off: second })
    const last = pairs.at(-1)!
    const of = (m: Measurement) =>
      `${Math.round(m.rps)} req/s${m.errors || m.non2xx ? ` (${m.errors} errors, ${m.non2xx} non-2xx: ${JSON.stringify(m.statusCodes)})` : ''}`
    p.log(`  metrics round ${i + 1} (${offFirst ? 'off first' : 'on first'}): off ${of(last.off)}, on ${of(last.on)}`)
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`
  const byRps = pairs.map((x) => x.on.rps / x.off.rps)
  const byCpu = pairs.map((x) => {
    const [a, b] = [cpuPerReq(x.off), cpuPerReq(x.on)]
    return a === undefined || b === undefined || b <= 0 ? undefined : a / b
  })
  const cpuKnown = byCpu.filter((x): x is number => x !== undefined)
  const rps = median(byRps)
  p.log(
    `  metrics on / off, ${list.name}: median of ${rounds} paired rounds ${pct(rps)} by req/s (rounds ${byRps.map(pct).join(', ')})` +
      `${cpuKnown.length ? `, ${pct(median(cpuKnown))} by server CPU per request` : ''}; off ${pairs.map((x) => Math.round(x.off.rps)).join('/')} req/s, ` +
      `on ${pairs.map((x) => Math.round(x.on.rps)).join('/')} req/s; target ≥ ${pct(METRICS_TARGET)}: ${rps >= METRICS_TARGET ? 'met' : 'MISSED'}`,
  )
  return ok
}
