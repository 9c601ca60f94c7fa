import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricType } from 'prom-client'

/*
 * Prometheus metrics (README "Configuration": ATRIUM_METRICS_PORT). Modules report through the Metrics
 * interface below and never import prom-client; with metrics off they hold `noMetrics`, whose methods do nothing.
 * Each app has its own registry (tests build many apps in one process). Everything on a request's path is a plain
 * field or array increment on a series found by Map lookups of strings the process already holds (route templates,
 * methods): no label object, no hash string per request. The figures become prom-client values only on a scrape.
 */

/** Seconds; cached reads answer in well under a millisecond, a slow miss or a write in tens to hundreds. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The route label of requests no route matched (any URL, any method): one series, whatever is asked. */
export const UNMATCHED_ROUTE = 'unmatched'

/** What the pool of database connections looks like now (a PostgreSQL server; the embedded database is one). */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

/** Pending webhook work: undispatched outbox events, and deliveries waiting for their (next) attempt. */
export interface WebhookQueueStats {
  outbox: { depth: number; oldestAgeSeconds: number }
  deliveries: { depth: number; oldestAgeSeconds: number }
}

/** What is read only when Prometheus scrapes: state other parts of the app own. */
export interface MetricsSources {
  pool?: () => PoolStats | undefined
  /** A cheap indexed query; a failure leaves the gauges out of that scrape. */
  webhookQueue?: () => Promise<WebhookQueueStats>
  /** Pageviews held in memory (buffered and being written). */
  pageviewBuffer?: () => number
  /** The scheduled-publish job's interval: it is late past that. */
  schedulerIntervalMs?: number
  /** Read-cache misses by where they were read (DATABASE_READ_URLS only). */
  missReads?: () => { primary: number; replica: number }
}

/** What modules report. */
export interface Metrics {
  readonly enabled: boolean
  /** One answered request: its route template (or UNMATCHED_ROUTE), method, status and time in ms. */
  request(route: string, method: string, status: number, ms: number): void
  /** The read cache (core/read-cache.ts) answered from this process, or from the shared cache (Redis). */
  readCacheHit(layer: 'local' | 'shared'): void
  /** The read cache had no answer: it was loaded from the database. */
  readCacheMiss(): void
  /** One database statement, in ms, and where it ran (the primary, or a read replica: DATABASE_READ_URLS). */
  statement(ms: number, target?: 'primary' | 'replica'): void
  /** The scheduled-publish job started a pass at `startedAt` (ms) and has finished it; the workers call it once as they start. */
  schedulerPass(startedAt: number): void
  /** Where scrape-time gauges read their values (set once while the app is built). */
  watch(sources: MetricsSources): void
}

const nothing = () => undefined

/** Metrics off (ATRIUM_METRICS_PORT unset). */
export const noMetrics: Metrics = {
  enabled: false,
  request: nothing,
  readCacheHit: nothing,
  readCacheMiss: nothing,
  statement: nothing,
  schedulerPass: nothing,
  watch: nothing,
}

/** Bucket counts (not cumulative; the last is +Inf), sum and count of one series. */
class Series {
  readonly counts = new Float64Array(DURATION_BUCKETS.length + 1)
  sum = 0
  count = 0

  observe(seconds: number): void {
    let i = 0
    while (i < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[i] as number)) i++
    this.counts[i] = (this.counts[i] as number) + 1
    this.sum += seconds
    this.count++
  }
}

type Labels = Record<string, string | number>
interface Value {
  value: number
  labels: Labels
  metricName: string
}

function seriesValues(name: string, labels: Labels, s: Series, out: Value[]): void {
  let cumulative = 0
  for (let i = 0; i <= DURATION_BUCKETS.length; i++) {
    cumulative += s.counts[i] as number
    out.push({
      metricName: `${name}_bucket`,
      labels: { ...labels, le: i < DURATION_BUCKETS.length ? (DURATION_BUCKETS[i] as number) : '+Inf' },
      value: cumulative,
    })
  }
  out.push({ metricName: `${name}_sum`, labels, value: s.sum })
  out.push({ metricName: `${name}_count`, labels, value: s.count })
}

interface HistogramConfig {
  name: string
  help: string
  labelNames?: string[]
  registers: Registry[]
}

/**
 * A prom-client histogram (registered, written by the registry like any other) whose values come from `values()`
 * at a scrape instead of prom-client's observe, which builds a label hash string per call.
 */
abstract class ScrapedHistogram extends Histogram {
  private readonly config: HistogramConfig

  constructor(config: HistogramConfig) {
    super({ ...config, buckets: DURATION_BUCKETS })
    this.config = config
  }

  protected abstract values(name: string): Value[]

  private snapshot() {
    const { name, help } = this.config
    // prom-client's typings declare MetricType a numeric enum with no runtime value; the registry writes the string.
    return { name, help, type: 'histogram' as unknown as MetricType, aggregator: 'sum' as const, collect: nothing, values: this.values(name) }
  }

  override get() {
    return Promise.resolve(this.snapshot())
  }

  /** What the registry reads when it writes the text format. */
  getForPromString() {
    return Promise.resolve(this.snapshot())
  }
}

/** Requests: series kept by route, method and status, so observing costs three Map lookups and a few increments. */
class RequestHistogram extends ScrapedHistogram {
  readonly series = new Map<string, Map<string, Map<number, Series>>>()

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route)
    if (!byMethod) this.series.set(route, (byMethod = new Map<string, Map<number, Series>>()))
    let byStatus = byMethod.get(method)
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()))
    let s = byStatus.get(status)
    if (!s) byStatus.set(status, (s = new Series()))
    s.observe(seconds)
  }

  protected values(name: string): Value[] {
    const values: Value[] = []
    for (const [route, byMethod] of this.series) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, s] of byStatus) seriesValues(name, { route, method, status: String(status) }, s, values)
      }
    }
    return values
  }
}

/** One unlabelled series (database statements). */
class PlainHistogram extends ScrapedHistogram {
  readonly series = new Series()

  protected values(name: string): Value[] {
    const values: Value[] = []
    seriesValues(name, {}, this.series, values)
    return values
  }
}

/** Metrics on: one registry with the process defaults (event-loop lag included) and Atrium's own families. */
export class AppMetrics implements Metrics {
  readonly enabled = true
  readonly registry = new Registry()
  private readonly requests: RequestHistogram
  private readonly statements: PlainHistogram
  private localHits = 0
  private sharedHits = 0
  private misses = 0
  private onTarget = { primary: 0, replica: 0 }
  private sources: MetricsSources = {}
  /** Start of the last finished scheduler pass (ms); until one finishes, when the workers started; none: no workers here. */
  private lastPass: number | undefined

  constructor() {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.requests = new RequestHistogram({
      name: 'atrium_http_request_duration_seconds',
      help: `Answered requests by route template (${UNMATCHED_ROUTE}: no route matched), method and status, with their duration`,
      labelNames: ['route', 'method', 'status'],
      registers,
    })
    this.statements = new PlainHistogram({ name: 'atrium_db_statement_duration_seconds', help: 'Database statements by duration', registers })
    const counts = { local: () => this.localHits, shared: () => this.sharedHits }
    new Counter({
      name: 'atrium_cache_hits_total',
      help: 'Read-cache answers found in this process (layer local) or in the shared cache (layer shared)',
      labelNames: ['cache', 'layer'],
      registers,
      collect() {
        this.reset()
        for (const [layer, n] of Object.entries(counts)) this.inc({ cache: 'read', layer }, n())
      },
    })
    const misses = () => this.misses
    new Counter({
      name: 'atrium_cache_misses_total',
      help: 'Read-cache answers loaded from the database',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset()
        this.inc({ cache: 'read' }, misses())
      },
    })
    const targets = () => this.onTarget
    new Counter({
      name: 'atrium_db_statements_total',
      help: 'Database statements by target: primary, or replica (a read replica of DATABASE_READ_URLS serving a cache miss)',
      labelNames: ['target'],
      registers,
      collect() {
        this.reset()
        for (const [target, n] of Object.entries(targets())) this.inc({ target }, n)
      },
    })
    const missReads = () => this.sources.missReads?.()
    new Counter({
      name: 'atrium_db_miss_reads_total',
      help: 'Read-cache misses by where they were read, with DATABASE_READ_URLS: primary (the replicas had not replayed the write the read depends on, or were lagging or down), or replica',
      labelNames: ['target'],
      registers,
      collect() {
        this.reset()
        const n = missReads()
        if (!n) return
        for (const [target, count] of Object.entries(n)) this.inc({ target }, count)
      },
    })
    this.gauges(registers)
  }

  private gauges(registers: Registry[]): void {
    const sources = () => this.sources
    const lastPass = () => this.lastPass
    new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting: callers queued for one)',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset()
        const p = sources().pool?.()
        if (!p) return
        this.set({ state: 'total' }, p.total)
        this.set({ state: 'idle' }, p.idle)
        this.set({ state: 'waiting' }, p.waiting)
      },
    })
    // Both webhook gauges come from one query per scrape: the first to be collected runs it, the other reuses it.
    let queue: Promise<WebhookQueueStats | undefined> | undefined
    const queueStats = () => {
      if (!queue) {
        const read = sources().webhookQueue
        queue = (read ? read().catch(nothing) : Promise.resolve(undefined)).finally(() => setImmediate(() => (queue = undefined)))
      }
      return queue
    }
    type Stage = WebhookQueueStats['outbox']
    const families: Array<[string, string, (q: Stage) => number]> = [
      [
        'atrium_webhook_queue_depth',
        'Pending webhook work by stage: outbox (events not yet matched to webhooks) and delivery (attempts waiting)',
        (q) => q.depth,
      ],
      ['atrium_webhook_queue_oldest_age_seconds', 'Age of the oldest pending webhook work by stage (0 when none)', (q) => q.oldestAgeSeconds],
    ]
    for (const [name, help, pick] of families) {
      new Gauge({
        name,
        help,
        labelNames: ['stage'],
        registers,
        async collect() {
          this.reset()
          const q = await queueStats()
          if (!q) return
          this.set({ stage: 'outbox' }, pick(q.outbox))
          this.set({ stage: 'delivery' }, pick(q.deliveries))
        },
      })
    }
    new Gauge({
      name: 'atrium_scheduler_lag_seconds',
      help: 'How far the scheduled-publish job is behind: now minus the start of its last finished pass minus its interval (0 when on time)',
      registers,
      collect() {
        const interval = sources().schedulerIntervalMs ?? 0
        const last = lastPass()
        this.set(last === undefined ? 0 : Math.max(0, Date.now() - last - interval) / 1000)
      },
    })
    new Gauge({
      name: 'atrium_pageview_buffer_rows',
      help: 'Pageviews held in memory, buffered or being written (ATRIUM_ANALYTICS_BUFFER_MAX bounds it)',
      registers,
      collect() {
        this.set(sources().pageviewBuffer?.() ?? 0)
      },
    })
  }

  request(route: string, method: string, status: number, ms: number): void {
    this.requests.observeRequest(route, method, status, ms / 1000)
  }

  readCacheHit(layer: 'local' | 'shared'): void {
    if (layer === 'local') this.localHits++
    else this.sharedHits++
  }

  readCacheMiss(): void {
    this.misses++
  }

  statement(ms: number, target: 'primary' | 'replica' = 'primary'): void {
    this.onTarget[target]++
    this.statements.series.observe(ms / 1000)
  }

  schedulerPass(startedAt: number): void {
    this.lastPass = startedAt
  }

  watch(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources }
  }

  /** The text Prometheus scrapes. */
  scrape(): Promise<string> {
    return this.registry.metrics()
  }

  get contentType(): string {
    return this.registry.contentType
  }

  /** Request series held: route × method × status (tests check that it stays bounded). */
  get requestSeries(): number {
    let n = 0
    for (const byMethod of this.requests.series.values()) for (const byStatus of byMethod.values()) n += byStatus.size
    return n
  }
}
