/*
 * Load generation and the probe that decides whether an endpoint exists and answers correctly before it is
 * timed. The load generator is wrk pinned to its own core when `wrk` is installed (bench/wrk.ts), otherwise
 * autocannon in the bench process.
 */
import autocannon from 'autocannon'
import { processCpuMs, snapshot, spent } from './cpu.js'
import type { Answer, BenchRequest, Endpoint } from './endpoints.js'
import { runWrk } from './wrk.js'

export interface LoadOptions {
  connections: number
  durationS: number
  warmupS: number
}

export type LoadGenerator = { kind: 'wrk'; path: string; cpu: number | undefined } | { kind: 'autocannon' }

/** How requests are sent: rotating over a list, each of a list once (a sweep), or with a new locale tag each time (bust). */
export interface Plan {
  reqs: BenchRequest[]
  kind: 'rotate' | 'sweep' | 'bust'
}

export interface Measurement {
  endpoint: string
  target: number | undefined
  status: 'measured' | 'missing' | 'failed'
  note: string
  rps: number
  /** Milliseconds. */
  p50: number
  p99: number
  requests: number
  durationS: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  /** Database transactions per request during the timed run (server mode): each autocommit query is one. */
  txPerRequest: number | undefined
  /**
   * CPU ms per request of the server process, of its main thread alone (the event loop: one core at most,
   * whatever the machine has), of the database backends (server mode) and of the load generator.
   */
  cpu: { server: number | undefined; loop: number | undefined; db: number | undefined; loadGen: number | undefined }
}

/** What is read around the timed run besides the load generator's own figures. */
export interface Meters {
  serverPid: number
  /** Transactions of the bench database so far (server mode). */
  transactions?: (() => Promise<number>) | undefined
  /** Process ids of the bench database's backends (server mode). */
  dbPids?: (() => Promise<number[]>) | undefined
}

/** How long PostgreSQL backends may hold their statistics before reporting them (PGSTAT_MIN_INTERVAL is 1 s). */
const STATS_SETTLE_MS = 1500
/** Per-request timeout of the load generator. */
const TIMEOUT_S = 10
/** Longest rotation autocannon gets as prepared requests (every connection builds all of them). */
const PRECOMPUTED_MAX = 1000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One request through fetch (127.0.0.1 only), for probes and the from-memory answers. */
export async function fetchOnce(baseUrl: string, req: BenchRequest): Promise<Answer> {
  const res = await fetch(`${baseUrl}${req.path}`, { headers: req.headers, signal: AbortSignal.timeout(15_000) })
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() }
}

/** The first, middle and last request of a list: what probes fetch. */
export const probeSample = (reqs: BenchRequest[]) => [reqs[0], reqs[Math.floor(reqs.length / 2)], reqs.at(-1)].filter((r): r is BenchRequest => r !== undefined)

/** Checks a few of the endpoint's requests. 'missing': the route does not exist (yet). */
export async function probe(baseUrl: string, ep: Endpoint, reqs: BenchRequest[]): Promise<{ status: 'ok' | 'missing' | 'failed'; note: string }> {
  for (const req of probeSample(reqs)) {
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

/** The locale tag a bust plan adds to its n-th request (the same for wrk and autocannon). */
export const bustPath = (path: string, n: number) => `${path}${path.includes('?') ? '&' : '?'}locale=en-x-${n}`

interface RunResult {
  requests: number
  durationS: number
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  /** Requests sent: where the next run of the same plan starts. */
  issued: number
  stoppedEarly: boolean
  loadGenCpuMs: number | undefined
}

function rotate<T>(xs: T[], by: number): T[] {
  if (xs.length === 0) return xs
  const k = ((by % xs.length) + xs.length) % xs.length
  return xs.slice(k).concat(xs.slice(0, k))
}

/** autocannon as a promise, keeping the instance (to stop a sweep that ran out of keys). */
function autocannonRun(opts: autocannon.Options, onInstance: (i: autocannon.Instance) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    onInstance(
      autocannon(opts, (err: unknown, result: autocannon.Result) =>
        err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(result),
      ),
    )
  })
}

async function cannon(baseUrl: string, plan: Plan, offset: number, connections: number, durationS: number): Promise<RunResult> {
  const cpu0 = process.cpuUsage()
  if (plan.kind === 'rotate' && plan.reqs.length <= PRECOMPUTED_MAX) {
    let start = 0
    const opts: autocannon.Options = {
      url: baseUrl,
      connections,
      duration: durationS,
      timeout: TIMEOUT_S,
      requests: plan.reqs,
      // Each connection starts at a different place in the rotation, so sites and posts are hit evenly.
      setupClient: (client) => {
        start += Math.max(1, Math.floor(plan.reqs.length / connections))
        client.setRequests(rotate(plan.reqs, start))
      },
    }
    return summarise(await autocannonRun(opts, () => undefined), plan, offset, false, cpu0)
  }
  // Sweeps, busts and long lists: one dynamic request taking the next path from a counter shared by all connections, as wrk's script does.
  let next = offset
  let stoppedEarly = false
  let instance: autocannon.Instance | undefined
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (req) => {
        const n = next++
        if (plan.kind === 'sweep' && n >= plan.reqs.length && !stoppedEarly) {
          stoppedEarly = true
          instance?.stop()
        }
        const r = plan.reqs[n % plan.reqs.length]!
        return { ...req, path: plan.kind === 'bust' ? bustPath(r.path, n) : r.path, headers: r.headers }
      },
    },
  ]
  const r = await autocannonRun({ url: baseUrl, connections, duration: durationS, timeout: TIMEOUT_S, requests }, (i) => (instance = i))
  return { ...summarise(r, plan, offset, stoppedEarly, cpu0), issued: next }
}

function summarise(r: autocannon.Result, plan: Plan, offset: number, stoppedEarly: boolean, cpu0: NodeJS.CpuUsage): RunResult {
  const cpu = process.cpuUsage(cpu0)
  const statusCodes: Record<string, number> = {}
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) if (!code.startsWith('2')) statusCodes[code] = s.count ?? 0
  const total = r.requests.total
  return {
    requests: total,
    durationS: r.duration,
    rps: plan.kind === 'rotate' ? r.requests.average : r.duration > 0 ? total / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statusCodes,
    issued: offset + total,
    stoppedEarly,
    loadGenCpuMs: (cpu.user + cpu.system) / 1000,
  }
}

async function loadOnce(gen: LoadGenerator, baseUrl: string, plan: Plan, offset: number, connections: number, durationS: number): Promise<RunResult> {
  if (gen.kind === 'autocannon') return cannon(baseUrl, plan, offset, connections, durationS)
  const r = await runWrk(gen.path, {
    baseUrl,
    reqs: plan.reqs,
    connections,
    durationS,
    offset,
    once: plan.kind === 'sweep',
    bust: plan.kind === 'bust',
    cpu: gen.cpu,
    timeoutS: TIMEOUT_S,
  })
  const errors = r.errors.connect + r.errors.read + r.errors.write + r.errors.timeout
  return { ...r, errors, issued: offset + r.issued, loadGenCpuMs: r.cpuMs }
}

/**
 * Warm-up (discarded), then the timed run, with database transactions and CPU time read around it. A sweep
 * or bust plan continues where the warm-up left off, so the timed run only sends keys never sent before.
 */
export async function measure(
  gen: LoadGenerator,
  baseUrl: string,
  ep: Pick<Endpoint, 'name' | 'target'>,
  plan: Plan,
  opts: LoadOptions,
  meters: Meters,
): Promise<Measurement> {
  let offset = 0
  if (opts.warmupS > 0) offset = (await loadOnce(gen, baseUrl, plan, 0, opts.connections, opts.warmupS)).issued
  if (plan.kind === 'rotate') offset = 0
  if (meters.transactions) await sleep(STATS_SETTLE_MS)
  const tx0 = meters.transactions ? await meters.transactions() : 0
  const db0 = meters.dbPids ? snapshot(await meters.dbPids()) : undefined
  const server0 = processCpuMs(meters.serverPid)
  const loop0 = processCpuMs(meters.serverPid, meters.serverPid)
  const r = await loadOnce(gen, baseUrl, plan, offset, opts.connections, opts.durationS)
  const server1 = processCpuMs(meters.serverPid)
  const loop1 = processCpuMs(meters.serverPid, meters.serverPid)
  const db1 = meters.dbPids && db0 ? snapshot([...new Set([...db0.keys(), ...(await meters.dbPids())])]) : undefined
  if (meters.transactions) await sleep(STATS_SETTLE_MS)
  const tx1 = meters.transactions ? await meters.transactions() : 0
  const n = r.requests
  const per = (x: number | undefined) => (x === undefined || n === 0 ? undefined : x / n)
  const notes: string[] = []
  if (r.stoppedEarly) notes.push(`the ${plan.reqs.length - offset} unasked keys ran out after ${r.durationS.toFixed(1)} s`)
  return {
    endpoint: ep.name,
    target: ep.target,
    status: 'measured',
    note: notes.join('; '),
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    requests: n,
    durationS: r.durationS,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes: r.statusCodes,
    txPerRequest: meters.transactions ? per(tx1 - tx0) : undefined,
    cpu: {
      server: per(server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined),
      loop: per(loop0 !== undefined && loop1 !== undefined ? loop1 - loop0 : undefined),
      db: per(db0 && db1 ? spent(db0, db1) : undefined),
      loadGen: per(r.loadGenCpuMs),
    },
  }
}

export const unmeasured = (ep: Pick<Endpoint, 'name' | 'target'>, status: 'missing' | 'failed', note: string): Measurement => ({
  endpoint: ep.name,
  target: ep.target,
  status,
  note,
  rps: 0,
  p50: 0,
  p99: 0,
  requests: 0,
  durationS: 0,
  non2xx: 0,
  errors: 0,
  statusCodes: {},
  txPerRequest: undefined,
  cpu: { server: undefined, loop: undefined, db: undefined, loadGen: undefined },
})
