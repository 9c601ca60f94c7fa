/*
 * Load generation with autocannon (in the bench process, which is not the server's) and the probe that
 * decides whether an endpoint exists and answers correctly before it is timed.
 */
import autocannon from 'autocannon'
import { processCpuMs, snapshot, spent } from './cpu.js'
import type { Answer, BenchRequest, Endpoint } from './endpoints.js'

export interface LoadOptions {
  connections: number
  durationS: number
  warmupS: number
}

export interface Measurement {
  endpoint: string
  target: number | undefined
  status: 'measured' | 'missing' | 'failed'
  note: string
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  /** Database transactions per request during the timed run (server mode): each autocommit query is one. */
  txPerRequest: number | undefined
  /**
   * CPU ms per request of the server process, of its main thread alone (the event loop: one core at most,
   * whatever the machine has), of the database backends (server mode) and of autocannon.
   */
  cpu: { server: number | undefined; loop: number | undefined; db: number | undefined; loadGen: number }
}

/** What is read around the timed run besides autocannon's own figures. */
export interface Meters {
  serverPid: number
  /** Transactions of the bench database so far (server mode). */
  transactions?: () => Promise<number>
  /** Process ids of the bench database's backends (server mode). */
  dbPids?: () => Promise<number[]>
}

/** How long PostgreSQL backends may hold their statistics before reporting them (PGSTAT_MIN_INTERVAL is 1 s). */
const STATS_SETTLE_MS = 1500
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One request through fetch (127.0.0.1 only), for the probe. */
async function fetchOnce(baseUrl: string, req: BenchRequest): Promise<Answer> {
  const res = await fetch(`${baseUrl}${req.path}`, { headers: req.headers, signal: AbortSignal.timeout(15_000) })
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
}

/** Checks a few of the endpoint's requests. 'missing': the route does not exist (yet). */
export async function probe(baseUrl: string, ep: Endpoint, reqs: BenchRequest[]): Promise<{ status: 'ok' | 'missing' | 'failed'; note: string }> {
  const sample = [reqs[0], reqs[Math.floor(reqs.length / 2)], reqs.at(-1)].filter((r): r is BenchRequest => r !== undefined)
  for (const req of sample) {
    const a = await fetchOnce(baseUrl, req)
    if (a.status === 404 && a.body.includes('No route for')) return { status: 'missing', note: 'route not found (endpoint not implemented yet): skipped' }
    if (a.status !== 200) return { status: 'failed', note: `GET ${req.path} answered ${a.status}: ${a.body.slice(0, 300)}` }
    let problem: string | null
    try {
      problem = ep.check(a, req)
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err)
    }
    if (problem) return { status: 'failed', note: `GET ${req.path}: ${problem}` }
  }
  return { status: 'ok', note: '' }
}

function rotate<T>(xs: T[], by: number): T[] {
  const k = ((by % xs.length) + xs.length) % xs.length
  return xs.slice(k).concat(xs.slice(0, k))
}

async function cannon(baseUrl: string, reqs: BenchRequest[], connections: number, durationS: number): Promise<autocannon.Result> {
  let next = 0
  return autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    timeout: 10,
    requests: reqs,
    // Each connection starts at a different place in the rotation, so sites and posts are hit evenly.
    setupClient: (client) => {
      next += Math.max(1, Math.floor(reqs.length / connections))
      client.setRequests(rotate(reqs, next))
    },
  })
}

/** Warm-up (discarded), then the timed run, with database transactions and CPU time read around it. */
export async function measure(baseUrl: string, ep: Endpoint, reqs: BenchRequest[], opts: LoadOptions, meters: Meters): Promise<Measurement> {
  if (opts.warmupS > 0) await cannon(baseUrl, reqs, opts.connections, opts.warmupS)
  if (meters.transactions) await sleep(STATS_SETTLE_MS)
  const tx0 = meters.transactions ? await meters.transactions() : 0
  const db0 = meters.dbPids ? snapshot(await meters.dbPids()) : undefined
  const server0 = processCpuMs(meters.serverPid)
  const loop0 = processCpuMs(meters.serverPid, meters.serverPid)
  const gen0 = process.cpuUsage()
  const r = await cannon(baseUrl, reqs, opts.connections, opts.durationS)
  const gen = process.cpuUsage(gen0)
  const server1 = processCpuMs(meters.serverPid)
  const loop1 = processCpuMs(meters.serverPid, meters.serverPid)
  const db1 = meters.dbPids && db0 ? snapshot([...new Set([...db0.keys(), ...(await meters.dbPids())])]) : undefined
  if (meters.transactions) await sleep(STATS_SETTLE_MS)
  const tx1 = meters.transactions ? await meters.transactions() : 0
  const n = r.requests.total
  const per = (x: number | undefined) => (x === undefined || n === 0 ? undefined : x / n)
  const statusCodes: Record<string, number> = {}
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = s.count ?? 0
  return {
    endpoint: ep.name,
    target: ep.target,
    status: 'measured',
    note: '',
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: n,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes,
    txPerRequest: meters.transactions ? per(tx1 - tx0) : undefined,
    cpu: {
      server: per(server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined),
      loop: per(loop0 !== undefined && loop1 !== undefined ? loop1 - loop0 : undefined),
      db: per(db0 && db1 ? spent(db0, db1) : undefined),
      loadGen: per((gen.user + gen.system) / 1000) ?? 0,
    },
  }
}

export const unmeasured = (ep: Endpoint, status: 'missing' | 'failed', note: string): Measurement => ({
  endpoint: ep.name,
  target: ep.target,
  status,
  note,
  rps: 0,
  p50: 0,
  p99: 0,
  requests: 0,
  non2xx: 0,
  errors: 0,
  statusCodes: {},
  txPerRequest: undefined,
  cpu: { server: undefined, loop: undefined, db: undefined, loadGen: 0 },
})
