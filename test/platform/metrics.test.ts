import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { startMetrics, type MetricsServer } from '../../src/http/metrics.js'
import { AppMetrics } from '../../src/platform/metrics.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { freshDb } from '../helpers/db.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const s = net.createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as net.AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

let server: MetricsServer
let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  const port = await freePort()
  const started = await startMetrics(loadConfig({ HOST: '127.0.0.1', ATRIUM_METRICS_PORT: String(port) }))
  if (!started) throw new Error('metrics did not start')
  server = started
  // 2,000 requests from one address and one key below.
  t = await testApp({
    metrics: server.metrics,
    env: { ATRIUM_RATE_LIMIT_PER_IP: '100000', ATRIUM_DEFAULT_KEY_RATE_LIMIT: '100000', ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
  })
  site = await makeSite(t)
})

afterAll(async () => {
  await t?.close()
  await server?.close()
})

/** GET on the metrics port, on a connection of its own (no keep-alive socket the server may have closed meanwhile). */
function get(urlPath: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: urlPath, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }))
      })
      .on('error', reject)
  })
}

async function scrape(): Promise<string> {
  const res = await get('/metrics')
  expect(res.status).toBe(200)
  expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.body
}

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const LIST = '/api/v1/sites/:site_id/blogs/published'
const LIST_COUNT = `atrium_http_request_duration_seconds_count{route="${LIST}",method="GET",status="200"}`

describe('Prometheus metrics (ATRIUM_METRICS_PORT)', () => {
  it('serves every family at /metrics, the process defaults and event-loop lag included', async () => {
    // A webhook, then a change: the change's delivery waits in the queue (no worker runs in tests).
    expect((await t.as(site.keys.Admin).post(`/sites/${site.id}/webhooks`, { url: 'http://127.0.0.1:9/hook' })).statusCode).toBe(201)
    expect((await t.as(site.keys.Admin).put(`/sites/${site.id}`, { description: 'queued' })).statusCode).toBe(200)
    await t.as(site.keys.Read).get(`/sites/${site.id}/blogs`)
    const text = await scrape()
    for (const family of [
      'atrium_http_request_duration_seconds histogram',
      'atrium_cache_hits_total counter',
      'atrium_cache_misses_total counter',
      'atrium_db_pool_connections gauge',
      'atrium_db_statement_duration_seconds histogram',
      'atrium_webhook_queue_depth gauge',
      'atrium_webhook_queue_oldest_age_seconds gauge',
      'atrium_scheduler_lag_seconds gauge',
      'atrium_pageview_buffer_rows gauge',
      'nodejs_eventloop_lag_seconds gauge',
      'process_cpu_user_seconds_total counter',
      'nodejs_heap_size_used_bytes gauge',
    ]) {
      expect(text, family).toContain(`# TYPE ${family}`)
    }
    // The site's change queued a delivery (matched at commit), and statements ran (migrations, the site, the list).
    expect(sample(text, 'atrium_webhook_queue_depth{stage="delivery"}')).toBeGreaterThan(0)
    expect(sample(text, 'atrium_webhook_queue_oldest_age_seconds{stage="delivery"}')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'atrium_webhook_queue_depth{stage="outbox"}')).toBe(0)
    expect(sample(text, 'atrium_db_statement_duration_seconds_count')).toBeGreaterThan(0)
    expect(sample(text, 'atrium_db_pool_connections{state="total"}')).toBeGreaterThan(0)
    expect(sample(text, 'atrium_scheduler_lag_seconds')).toBe(0)
  })

  it('counts a request in its route template series, and read-cache hits and misses', async () => {
    const before = await scrape()
    // With Redis a loaded answer is kept only there until asked again: the second read is a shared hit.
    const hitsOf = (text: string) =>
      (sample(text, 'atrium_cache_hits_total{cache="read",layer="local"}') ?? 0) + (sample(text, 'atrium_cache_hits_total{cache="read",layer="shared"}') ?? 0)
    const hits = hitsOf(before)
    const misses = sample(before, 'atrium_cache_misses_total{cache="read"}') ?? 0
    const blog = expectStatus<{ id: string }>(await t.as(site.keys.Write).post('/blogs', { site_ids: [site.id], slug: `m-${randomUUID().slice(0, 8)}` }), 201)
    expect(blog.id).toBeTruthy()
    await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`)
    await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published`)
    const after = await scrape()
    expect(sample(after, LIST_COUNT)! - (sample(before, LIST_COUNT) ?? 0)).toBe(2)
    expect(sample(after, `atrium_http_request_duration_seconds_count{route="/api/v1/blogs",method="POST",status="201"}`)).toBe(1)
    expect(sample(after, `atrium_http_request_duration_seconds_bucket{route="${LIST}",method="GET",status="200",le="+Inf"}`)).toBe(sample(after, LIST_COUNT))
    // The list was never asked before: the first read loads it, the second is answered from a cache.
    expect(sample(after, 'atrium_cache_misses_total{cache="read"}')! - misses).toBeGreaterThanOrEqual(1)
    expect(hitsOf(after) - hits).toBeGreaterThanOrEqual(1)
  })

  it('adds no label value for 1,000 unknown URLs or 1,000 ids on one route', async () => {
    const read = t.as(site.keys.Read)
    await t.app.inject({ method: 'GET', url: `/no/such/${randomUUID()}` })
    await read.get(`/blogs/${randomUUID()}`)
    const held = server.metrics.requestSeries
    const ids: string[] = []
    for (let i = 0; i < 1000; i++) {
      const id = randomUUID()
      ids.push(id)
      expect((await t.app.inject({ method: 'GET', url: `/no/such/${id}?q=${i}` })).statusCode).toBe(404)
      expect((await read.get(`/blogs/${randomUUID()}`)).statusCode).toBe(404)
    }
    expect(server.metrics.requestSeries).toBe(held)
    const text = await scrape()
    expect(sample(text, `atrium_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}`)).toBeGreaterThanOrEqual(1001)
    expect(sample(text, `atrium_http_request_duration_seconds_count{route="/api/v1/blogs/:id",method="GET",status="404"}`)).toBe(1001)
    expect(text).not.toContain(ids[0])
    expect(text).not.toContain('/no/such')
  }, 120_000)

  it('reports the pageview buffer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${site.id}/analytics/pageview`,
      headers: { 'x-api-key': site.keys.Read, 'user-agent': 'Mozilla/5.0 (TestBrowser)' },
      payload: { path: '/hello' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(sample(await scrape(), 'atrium_pageview_buffer_rows')).toBe(1)
  })

  it('answers 404 beside /metrics', async () => {
    expect((await get('/')).status).toBe(404)
  })
})

describe('scheduler lag', () => {
  it('is how far the last pass lies behind its interval', async () => {
    const m = new AppMetrics()
    m.watch({ schedulerIntervalMs: 15_000 })
    m.schedulerPass(Date.now() - 20_000)
    const lag = sample(await m.scrape(), 'atrium_scheduler_lag_seconds')!
    expect(lag).toBeGreaterThanOrEqual(5)
    expect(lag).toBeLessThan(10)
    m.schedulerPass(Date.now())
    expect(sample(await m.scrape(), 'atrium_scheduler_lag_seconds')).toBe(0)
  })
})

describe('metrics off by default', () => {
  it('starts no listener and observes nothing without ATRIUM_METRICS_PORT', async () => {
    const config = loadConfig({ HOST: '127.0.0.1' })
    expect(config.metricsPort).toBeUndefined()
    expect(await startMetrics(config)).toBeUndefined()
    const dbh = await freshDb()
    const app = await buildApp(config, { dbh, logger: false })
    try {
      expect(app.deps.metrics.enabled).toBe(false)
    } finally {
      await app.close()
      await dbh.close()
    }
  })

  it('refuses ATRIUM_METRICS_PORT equal to PORT, or not a port', () => {
    expect(() => loadConfig({ PORT: '9100', ATRIUM_METRICS_PORT: '9100' })).toThrow(/ATRIUM_METRICS_PORT/)
    expect(() => loadConfig({ ATRIUM_METRICS_PORT: 'abc' })).toThrow(/ATRIUM_METRICS_PORT/)
    expect(() => loadConfig({ ATRIUM_METRICS_PORT: '0' })).toThrow(/ATRIUM_METRICS_PORT/)
  })
})

describe('a metrics port that is taken', () => {
  it('fails start-up naming ATRIUM_METRICS_PORT before anything is written', async () => {
    const busy = net.createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const { port } = busy.address() as net.AddressInfo
    const parent = mkdtempSync(path.join(os.tmpdir(), 'atrium-metrics-'))
    const dataDir = path.join(parent, 'data')
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        ATRIUM_METRICS_PORT: String(port),
        ATRIUM_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      }
      // Embedded in both modes: the data directory shows whether anything was opened or written.
      delete env.DATABASE_URL
      delete env.REDIS_URL
      delete env.ATRIUM_BOOTSTRAP_KEY
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(ROOT, 'bin/atrium.js'), 'serve'], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
        )
      })
      expect(run.code, run.stderr).toBe(1)
      expect(run.stderr).toContain('ATRIUM_METRICS_PORT')
      expect(run.stderr).toContain(String(port))
      expect(run.stdout).not.toMatch(/atr_/)
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      busy.close()
      rmSync(parent, { recursive: true, force: true })
    }
  }, 90_000)
})
