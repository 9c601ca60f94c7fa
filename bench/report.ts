/* Result tables and the exit verdict. */
import os from 'node:os'
import type { Mode } from './database.js'
import type { Measurement } from './load.js'

const P99_TARGET_MS = 100

const TITLES: Record<Mode, string> = {
  embedded: 'embedded default (PGlite)',
  postgres: 'PostgreSQL server',
}

const fmt = (x: number | undefined, digits = 2) => (x === undefined ? '' : x.toFixed(digits))

/** CPU ms per request of everything the bench runs on this machine (server, database backends, autocannon). */
const cpuTotal = (m: Measurement) => (m.cpu.server === undefined ? undefined : m.cpu.server + (m.cpu.db ?? 0) + m.cpu.loadGen)

/**
 * What one instance could serve with the machine to itself: bounded by the cores for everything the run
 * uses (cores × 1000 / CPU ms per request) and by the server's event loop, which is one thread (1000 / its
 * ms per request). A model (it leaves out Redis and softirq time), for a shared machine where req/s depends
 * on the neighbours.
 */
const estimate = (m: Measurement) => {
  const total = cpuTotal(m)
  if (total === undefined || total <= 0) return undefined
  const machine = (os.cpus().length * 1000) / total
  return m.cpu.loop !== undefined && m.cpu.loop > 0 ? Math.min(machine, 1000 / m.cpu.loop) : machine
}

/** One line of figures besides throughput and latency. */
export function describe(m: Measurement): string {
  const parts = [`CPU/request: server ${fmt(m.cpu.server)} ms (event loop ${fmt(m.cpu.loop)} ms)`]
  if (m.cpu.db !== undefined) parts.push(`database ${fmt(m.cpu.db)} ms`)
  parts.push(`autocannon ${fmt(m.cpu.loadGen)} ms`)
  if (m.txPerRequest !== undefined) parts.push(`${fmt(m.txPerRequest)} db transactions/request`)
  return parts.join(', ')
}

function row(cells: string[], widths: number[]): string {
  const last = cells.length - 1
  return cells
    .map((c, i) => (i === 0 || i === last ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join('  ')
    .trimEnd()
}

/** One table per database mode: endpoint, req/s, p50, p99, non-2xx, errors, CPU per request (and the issue target on the server). */
export function printTable(log: (l: string) => void, mode: Mode, results: Measurement[]): void {
  const server = mode === 'postgres'
  const head = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'CPU ms/req', 'loop ms/req', server ? 'db tx/req' : '', 'est. req/s', server ? 'target' : '']
  const body = results.map((m) =>
    m.status === 'measured'
      ? [
          m.endpoint,
          String(Math.round(m.rps)),
          String(m.p50),
          String(m.p99),
          String(m.requests),
          String(m.non2xx),
          String(m.errors),
          fmt(cpuTotal(m)),
          fmt(m.cpu.loop),
          fmt(m.txPerRequest),
          fmt(estimate(m), 0),
          server && m.target ? `≥ ${m.target} ${m.rps >= m.target ? 'met' : 'MISSED'}` : '',
        ]
      : [m.endpoint, '-', '-', '-', '-', '-', '-', '', '', '', '', m.status === 'missing' ? 'skipped: no route yet' : 'FAILED (see below)'],
  )
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  log(`\n${TITLES[mode]}`)
  log(row(head, widths))
  log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const b of body) log(row(b, widths))
  for (const m of results) {
    const codes = Object.entries(m.statusCodes).filter(([c]) => !c.startsWith('2'))
    if (codes.length) log(`  ${m.endpoint}: status codes ${codes.map(([c, n]) => `${c}×${n}`).join(', ')}`)
    if (m.status === 'failed') log(`  ${m.endpoint}: ${m.note}`)
  }
  log(
    `CPU ms/req: server process${server ? ' + database backends' : ''} + autocannon; loop ms/req: the server's main thread alone; ` +
      `est. req/s: min(${os.cpus().length} cores × 1000 / CPU ms/req, 1000 / loop ms/req), one instance with the machine to itself.`,
  )
}

/** Exit code: 1 when any request errored, answered non-2xx, or an endpoint answered wrongly; 0 otherwise. */
export function verdict(log: (l: string) => void, all: [Mode, Measurement[]][]): number {
  let bad = false
  for (const [mode, results] of all) {
    for (const m of results) {
      if (m.status === 'failed' || m.errors > 0 || m.non2xx > 0) bad = true
      if (m.status === 'missing') log(`note: ${m.endpoint} was skipped in ${mode} mode (route missing)`)
      if (mode === 'postgres' && m.status === 'measured' && m.p99 >= P99_TARGET_MS) log(`note: ${m.endpoint} p99 ${m.p99} ms is over the ${P99_TARGET_MS} ms target`)
    }
  }
  log(bad ? '\nbench: FAILED (errors or non-2xx answers above)' : '\nbench: ok (0 errors, 0 non-2xx)')
  return bad ? 1 : 0
}
