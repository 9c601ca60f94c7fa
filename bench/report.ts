/* Result tables, the ratios the performance issue asks for, and the exit verdict. */
import os from 'node:os'
import type { Mode } from './database.js'
import type { LatencyStats } from './editor.js'
import { SITE_READS, type EndpointId } from './endpoints.js'
import type { Measurement } from './load.js'
import type { ModeReport, Pair } from './phases.js'

const P99_TARGET_MS = 100

const TITLES: Record<Mode, string> = {
  embedded: 'embedded default (PGlite)',
  postgres: 'PostgreSQL server',
}

/** Issue targets for the ratios (the performance issue, item 5). */
export const TARGETS = {
  cachedVsMemory: 0.3,
  missVsReference: { list: 1, slug: 0.8, detail: 0.8 } as Partial<Record<EndpointId, number>>,
  editorVsCached: 0.5,
  editorP99Ms: 50,
  putP50Ms: 20,
  putP99Ms: 100,
  rssMb: { postgres: 200, embedded: 300 } as Record<Mode, number>,
  /** Issue 11: each cached read of pages, navigation, redirects and social links at least as fast as the published list, p99 under 50 ms. */
  siteReadVsList: 1,
  siteReadP99Ms: 50,
  /** Issue 9: the blog detail, cached, at least as fast as post by slug, cached. */
  detailVsSlug: 1,
}

const fmt = (x: number | undefined, digits = 2) => (x === undefined || !Number.isFinite(x) ? '' : x.toFixed(digits))
const ms = (x: number) => x.toFixed(1)

/** CPU ms per request of everything the bench runs on this machine (server, database backends, load generator). */
const cpuTotal = (m: Measurement) => (m.cpu.server === undefined ? undefined : m.cpu.server + (m.cpu.db ?? 0) + (m.cpu.loadGen ?? 0))

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
  parts.push(`load generator ${fmt(m.cpu.loadGen)} ms`)
  if (m.txPerRequest !== undefined) parts.push(`${fmt(m.txPerRequest)} db transactions/request`)
  return parts.join(', ')
}

/** A plain-text table; columns with an empty heading are left out. */
function table(log: (l: string) => void, fullHead: string[], fullBody: string[][]): void {
  const keep = fullHead.map((h) => h !== '')
  const head = fullHead.filter((_, i) => keep[i])
  const body = fullBody.map((b) => b.filter((_, i) => keep[i]))
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)))
  const last = head.length - 1
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === last ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  log(row(head))
  log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const b of body) log(row(b))
}

const figures = (m: Measurement) => [String(Math.round(m.rps)), ms(m.p50), ms(m.p99), String(m.requests), String(m.non2xx), String(m.errors)]

/** Atrium with a warm cache, every endpoint: req/s, latency, CPU per request (and the issue's req/s target on the server). */
function atriumTable(log: (l: string) => void, r: ModeReport): void {
  const server = r.mode === 'postgres'
  const head = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'requests',
    'non-2xx',
    'errors',
    'CPU ms/req',
    'loop ms/req',
    server ? 'db tx/req' : '',
    'est. req/s',
    server ? 'target' : '',
  ]
  const body = [...r.atrium.values()].map((m) =>
    m.status === 'measured'
      ? [
          m.endpoint,
          ...figures(m),
          fmt(cpuTotal(m)),
          fmt(m.cpu.loop),
          fmt(m.txPerRequest),
          fmt(estimate(m), 0),
          server && m.target ? `≥ ${m.target} ${m.rps >= m.target ? 'met' : 'MISSED'}` : '',
        ]
      : [m.endpoint, '-', '-', '-', '-', '-', '-', '', '', '', '', m.status === 'missing' ? 'skipped: no route yet' : 'FAILED (see below)'],
  )
  log(`\nAtrium, cache warm (${TITLES[r.mode]})`)
  table(log, head, body)
  for (const m of r.atrium.values()) {
    const codes = Object.entries(m.statusCodes).filter(([c]) => !c.startsWith('2'))
    if (codes.length) log(`  ${m.endpoint}: status codes ${codes.map(([c, n]) => `${c}×${n}`).join(', ')}`)
    if (m.status === 'failed') log(`  ${m.endpoint}: ${m.note}`)
  }
}

const WARM = 'Atrium, cache warm'
/** Paired rounds: in the verdict (errors, non-2xx) and the ratios, not in the tables (a line each in the log). */
const PAIRED = 'Atrium, paired rounds'

/** Every run of a mode with the server or scenario it measured. */
function runsOf(r: ModeReport): [string, Measurement][] {
  const label = (who: string, ms: Iterable<Measurement>) => [...ms].map((m): [string, Measurement] => [who, m])
  return [
    ...label(WARM, r.atrium.values()),
    ...label('one-query server', r.reference.values()),
    ...label('Atrium, cache miss', r.misses.values()),
    ...label('from-memory server', r.memory.values()),
    ...label('Atrium, editor writing', r.editorReads.values()),
    ...label('Atrium, other parts', r.extra.values()),
    ...label(
      PAIRED,
      [...r.paired.values()].flatMap((pairs) => pairs.flatMap((x) => [x.base, x.read])),
    ),
  ]
}

/** The same requests on the other servers and in the other scenarios. */
function othersTable(log: (l: string) => void, r: ModeReport): void {
  const rows = runsOf(r).filter(([who]) => who !== WARM && who !== PAIRED)
  if (rows.length === 0) return
  const head = ['server / scenario', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'CPU ms/req', 'loop ms/req', 'db tx/req', 'note']
  const body = rows.map(([who, m]) =>
    m.status === 'measured'
      ? [who, m.endpoint, ...figures(m), fmt(cpuTotal(m)), fmt(m.cpu.loop), fmt(m.txPerRequest), m.note]
      : [who, m.endpoint, '-', '-', '-', '-', '-', '-', '', '', '', `FAILED: ${m.note}`],
  )
  log(`\nThe same requests elsewhere (${TITLES[r.mode]})`)
  table(log, head, body)
}

type Verdict = 'met' | 'MISSED' | ''
const check = (ok: boolean | undefined): Verdict => (ok === undefined ? '' : ok ? 'met' : 'MISSED')
const pct = (x: number) => `${(x * 100).toFixed(0)} %`
const times = (x: number) => `${x.toFixed(2)}×`

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

const ok = (m: Measurement | undefined): m is Measurement => m !== undefined && m.status === 'measured' && m.requests > 0

/** Cost ratio a/b of CPU per request (everything the run uses), formatted like the throughput ratio. */
const cpuRatio = (cheap: Measurement, dear: Measurement, as: (x: number) => string) => {
  const a = cpuTotal(cheap)
  const b = cpuTotal(dear)
  return a === undefined || b === undefined || b <= 0 ? '' : as(a / b)
}

/** Every ratio the issue asks for, with its target where it sets one: [ratio, by req/s, by CPU/request, target, verdict]. */
function ratioRows(r: ModeReport): string[][] {
  const rows: string[][] = []
  const cachedOf = (id: EndpointId) => r.atrium.get(id)
  for (const [id, mem] of r.memory) {
    const c = cachedOf(id)
    if (ok(c) && ok(mem)) {
      const x = c.rps / mem.rps
      // The issue 5 target is the blog reads'; the issue 11 reads are held to the published list instead (below).
      const target = !SITE_READS.includes(id)
      rows.push([
        `cached ${mem.endpoint} / from-memory`,
        pct(x),
        cpuRatio(mem, c, pct),
        target ? `≥ ${pct(TARGETS.cachedVsMemory)}` : '',
        target ? check(x >= TARGETS.cachedVsMemory) : '',
      ])
    }
  }
  for (const [id, miss] of r.misses) {
    const ref = r.reference.get(id)
    const target = TARGETS.missVsReference[id]
    if (ok(miss) && ok(ref)) {
      const x = miss.rps / ref.rps
      rows.push([
        `miss ${miss.endpoint} / one-query`,
        times(x),
        cpuRatio(ref, miss, times),
        target === undefined ? '' : `≥ ${times(target)}`,
        check(target === undefined ? undefined : x >= target),
      ])
    }
  }
  for (const [id, miss] of r.misses) {
    const c = cachedOf(id)
    if (ok(miss) && ok(c)) rows.push([`miss ${miss.endpoint} / cached`, pct(miss.rps / c.rps), cpuRatio(c, miss, pct), '', ''])
  }
  rows.push(...siteReadRows(r))
  const slug = cachedOf('slug')
  const detail = cachedOf('detail')
  if (ok(slug) && ok(detail)) {
    const pairs = (r.paired.get('detail') ?? []).filter((x) => ok(x.read) && ok(x.base))
    const decides = pairs.length === 0
    const x = detail.rps / slug.rps
    rows.push([
      `cached blog detail / cached post by slug${decides ? '' : ' (first runs, detail right after by slug)'}`,
      pct(x),
      cpuRatio(slug, detail, pct),
      decides ? `≥ ${pct(TARGETS.detailVsSlug)}` : '',
      decides ? check(x >= TARGETS.detailVsSlug) : '',
    ])
    if (pairs.length) rows.push(pairedRow(pairs, 'post by slug', TARGETS.detailVsSlug))
  }
  for (const [id, m] of r.editorReads) {
    const c = cachedOf(id)
    if (!ok(m) || !ok(c)) continue
    const x = m.rps / c.rps
    const main = id === 'slug'
    rows.push([
      `${m.endpoint} under editor writes / cached`,
      pct(x),
      cpuRatio(c, m, pct),
      main ? `≥ ${pct(TARGETS.editorVsCached)}` : '',
      main ? check(x >= TARGETS.editorVsCached) : '',
    ])
    rows.push([
      `${m.endpoint} under editor writes, p99`,
      `${ms(m.p99)} ms`,
      '',
      main ? `< ${TARGETS.editorP99Ms} ms` : '',
      main ? check(m.p99 < TARGETS.editorP99Ms) : '',
    ])
  }
  const e = r.editor
  if (e) {
    const w: LatencyStats = e.writes
    rows.push([
      `editor PUT p50 (${w.count} writes, ${w.failed} failed)`,
      `${ms(w.p50)} ms`,
      '',
      `< ${TARGETS.putP50Ms} ms`,
      check(w.count > 0 ? w.p50 < TARGETS.putP50Ms : undefined),
    ])
    rows.push(['editor PUT p99', `${ms(w.p99)} ms`, '', `< ${TARGETS.putP99Ms} ms`, check(w.count > 0 ? w.p99 < TARGETS.putP99Ms : undefined)])
    const ra = e.readsAfterWrite
    rows.push([`read by slug right after the write, p50 / p99 (${ra.count}, ${ra.failed} failed)`, `${ms(ra.p50)} / ${ms(ra.p99)} ms`, '', '', ''])
  }
  const rss = r.rss
  const limit = TARGETS.rssMb[r.mode]
  if (rss.peak !== undefined) {
    const phases = [
      rss.cached !== undefined ? `${rss.cached.toFixed(0)} after cached runs` : '',
      rss.misses !== undefined ? `${rss.misses.toFixed(0)} after misses` : '',
    ]
      .filter(Boolean)
      .join(', ')
    rows.push([`Atrium peak RSS (VmHWM)${phases ? `: ${phases}` : ''}`, `${rss.peak.toFixed(0)} MB`, '', `< ${limit} MB`, check(rss.peak < limit)])
  }
  if (rss.reference !== undefined) rows.push(['one-query server peak RSS', `${rss.reference.toFixed(0)} MB`, '', '', ''])
  if (rss.memory !== undefined) rows.push(['from-memory server peak RSS', `${rss.memory.toFixed(0)} MB`, '', '', ''])
  return rows
}

/**
 * Issue 11: each cached read of pages, navigation, redirects and social links against the cached published list
 * (page 1) of the same run, its p99, the miss path of the redirect lookup and the plans of the lookups.
 */
/** The ratio a read's paired rounds decide: the median of the rounds' ratios to their base (phases.ts pairedPhase). */
function pairedRow(pairs: Pair[], base: string, target: number): string[] {
  const x = median(pairs.map((q) => q.read.rps / q.base.rps))
  const cpu = pairs.map((q) => [cpuTotal(q.base), cpuTotal(q.read)]).filter((c): c is [number, number] => c[0] !== undefined && c[1] !== undefined && c[1] > 0)
  const byCpu = cpu.length === pairs.length ? pct(median(cpu.map(([a, b]) => a / b))) : ''
  return [`  same, median of ${pairs.length} rounds paired with ${base}`, pct(x), byCpu, `≥ ${pct(target)}`, check(x >= target)]
}

function siteReadRows(r: ModeReport): string[][] {
  const rows: string[][] = []
  const list = r.atrium.get('list')
  for (const id of SITE_READS) {
    const m = r.atrium.get(id)
    if (!ok(m)) continue
    const pairs = (r.paired.get(id) ?? []).filter((x) => ok(x.read) && ok(x.base))
    if (ok(list)) {
      // With paired rounds the target is decided by them (phases.ts pairedPhase); this one run apart is context.
      const x = m.rps / list.rps
      const decides = pairs.length === 0
      rows.push([
        `cached ${m.endpoint} / cached published list, page 1${decides ? '' : ' (first runs)'}`,
        pct(x),
        cpuRatio(list, m, pct),
        decides ? `≥ ${pct(TARGETS.siteReadVsList)}` : '',
        decides ? check(x >= TARGETS.siteReadVsList) : '',
      ])
    }
    if (pairs.length) rows.push(pairedRow(pairs, 'the list', TARGETS.siteReadVsList))
    rows.push([`cached ${m.endpoint}, p99`, `${ms(m.p99)} ms`, '', `< ${TARGETS.siteReadP99Ms} ms`, check(m.p99 < TARGETS.siteReadP99Ms)])
  }
  const miss = r.misses.get('redirect')
  if (ok(miss)) {
    const tx = miss.txPerRequest === undefined ? '' : `, ${fmt(miss.txPerRequest)} db tx/req`
    rows.push([`redirect lookup miss, p50 / p99${tx}`, `${ms(miss.p50)} / ${ms(miss.p99)} ms`, '', '', ''])
  }
  for (const plan of r.plans)
    rows.push([`EXPLAIN ${plan.what}`, plan.ok ? `index scan on ${plan.index}` : plan.note, '', `one query, index scan`, check(plan.ok)])
  return rows
}

/** The tables and ratios of one database mode. */
export function printMode(log: (l: string) => void, r: ModeReport, generator: 'wrk' | 'autocannon'): void {
  atriumTable(log, r)
  othersTable(log, r)
  const rows = ratioRows(r)
  if (rows.length) {
    log(`\nRatios (${TITLES[r.mode]})`)
    table(log, ['ratio', 'by req/s', 'by CPU/req', 'target (req/s)', 'verdict'], rows)
    log('by CPU/req: the same ratio from CPU ms per request (everything the run uses), which depends much less on what else the machine runs.')
  }
  log(
    `CPU ms/req: server process${r.mode === 'postgres' ? ' + database backends' : ''} + ${generator}; loop ms/req: the server's main thread alone; ` +
      `est. req/s: min(${os.cpus().length} cores × 1000 / CPU ms/req, 1000 / loop ms/req), one instance with the machine to itself.`,
  )
  if (SITE_READS.some((id) => ok(r.atrium.get(id))) && !ok(r.atrium.get('list'))) {
    log('note: the published list (page 1) was not measured, so the site reads are not compared with it (add `list` to BENCH_ONLY).')
  }
  for (const d of r.differences) log(`DIFFERENCE: ${d}`)
  if (r.reference.size && !r.differences.length) log("answers of the one-query server equal Atrium's (compared after parsing, 10 requests per endpoint)")
  for (const n of r.notes) log(`note: ${n}`)
}

/** Exit code: 1 when any request errored or answered non-2xx, an endpoint answered wrongly, or an editor write failed; 0 otherwise. */
export function verdict(log: (l: string) => void, all: ModeReport[]): number {
  const bad: string[] = []
  for (const r of all) {
    for (const [who, m] of runsOf(r)) {
      if (m.status === 'failed') bad.push(`${r.mode}, ${who}, ${m.endpoint}: ${m.note}`)
      else if (m.errors > 0 || m.non2xx > 0) bad.push(`${r.mode}, ${who}, ${m.endpoint}: ${m.errors} errors (timeouts over 10 s included), ${m.non2xx} non-2xx`)
      if (m.status === 'missing') log(`note: ${m.endpoint} was skipped in ${r.mode} mode (route missing)`)
    }
    for (const m of r.atrium.values()) {
      if (r.mode === 'postgres' && m.status === 'measured' && m.p99 >= P99_TARGET_MS)
        log(`note: ${m.endpoint} p99 ${ms(m.p99)} ms is over the ${P99_TARGET_MS} ms target`)
    }
    const e = r.editor
    if (e && (e.writes.failed > 0 || e.readsAfterWrite.failed > 0))
      bad.push(`${r.mode}, editor: ${e.writes.failed} failed writes, ${e.readsAfterWrite.failed} failed reads after a write`)
  }
  for (const b of bad) log(`FAILED: ${b}`)
  log(
    bad.length
      ? '\nbench: FAILED (errors, non-2xx answers, failed writes or failed reads after a write above)'
      : '\nbench: ok (0 errors, 0 non-2xx, every write and read after it answered as expected)',
  )
  return bad.length ? 1 : 0
}
