/*
 * The `stalls` part of `npm run bench` (BENCH_PARTS=stalls runs it alone): on the embedded default every
 * statement runs on the server's one event loop (PGlite), so background work can hold up every request while it
 * runs. Issue 9 allows it no stall over 20 ms. This part opens Atrium embedded in this process (a fresh data dir,
 * migrated), gives every kind of background work a heavy load of its own, runs it with nothing else on the loop,
 * and reports the longest event-loop stall it caused (perf_hooks' event-loop delay histogram, 1 ms resolution: the
 * largest lateness of a timer due every millisecond) next to the time the work took.
 *
 * Loads: 10,000 API-key usage rows (the recorder's whole buffer); 20,000 pageviews buffered for one flush; 200
 * blog posts falling due for scheduled publishing together; the 400 webhook deliveries their creation and
 * publication fan out to one subscriber (a receiver on 127.0.0.1); the daily analytics roll-up of 60,000 pageviews
 * spread over 30 days; and the other periodic jobs of src/workers as they are.
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp, type App } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { systemCtx } from '../src/core/context.js'
import * as apiKeys from '../src/modules/api-keys/service.js'
import * as sites from '../src/modules/sites/service.js'
import * as blogs from '../src/modules/blogs/write.service.js'
import * as webhooks from '../src/modules/webhooks/service.js'
import { insertEvents, type PageviewRow } from '../src/modules/analytics/queries.js'
import { pageviewBuffer } from '../src/modules/analytics/ingest.service.js'
import { dispatcherOf } from '../src/modules/webhooks/delivery.service.js'
import { jobs } from '../src/workers/index.js'
import { openConfiguredDb, prepare } from '../src/server.js'

/** Issue 9: no background work may hold the embedded server's event loop longer than this. */
export const STALL_LIMIT_MS = 20

export interface StallResult {
  work: string
  load: string
  /** Wall time the work took, ms. */
  tookMs: number
  /** Longest event-loop stall while it ran, ms. */
  maxStallMs: number
  /** 99th percentile of the 1 ms timer's lateness while it ran, ms. */
  p99Ms: number
  /** Longest garbage-collection pause while it ran, ms (part of the stall when it is as long). */
  maxGcMs: number
}

/** A full collection before each measurement: the seeding's garbage is not collected during the work measured. */
v8.setFlagsFromString('--expose-gc')
const collect = vm.runInNewContext('gc') as () => void

/** Runs `fn` alone on the loop and measures the longest stall it causes. */
async function measure(work: string, load: string, fn: () => Promise<unknown>): Promise<StallResult> {
  await sleep(50) // what came before settles
  collect()
  let maxGcMs = 0
  const gcs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) maxGcMs = Math.max(maxGcMs, e.duration)
  })
  gcs.observe({ entryTypes: ['gc'] })
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  // The histogram's timer must be armed before the work starts, or a stall at the very start goes unseen.
  await sleep(5)
  const t0 = performance.now()
  await fn()
  const tookMs = performance.now() - t0
  await sleep(5) // the histogram records the last stall on its next tick
  h.disable()
  gcs.disconnect()
  // The histogram records lateness beyond the 1 ms timer itself, in ns.
  return { work, load, tookMs, maxStallMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, maxGcMs }
}

async function receiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let n = 0
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      n++
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}/hook`, received: () => n, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

export async function stallsBench(log: (line: string) => void): Promise<StallResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-stalls-'))
  const hook = await receiver()
  let app: App | undefined
  let closeDb: (() => Promise<void>) | undefined
  try {
    const config = loadConfig({
      ATRIUM_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ATRIUM_BOOTSTRAP_KEY: `atr_bench_${randomBytes(24).toString('base64url')}`,
      ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      ATRIUM_WEBHOOK_MAX_IN_FLIGHT: '4',
    })
    const dbh = await openConfiguredDb(config)
    closeDb = () => dbh.close()
    app = await buildApp(config, { dbh, logger: false })
    await prepare(app, () => undefined)
    await app.ready()
    const deps = app.deps
    const ctx = systemCtx(deps, 'bench:stalls')
    const results: StallResult[] = []

    const site = await sites.create(ctx, { name: 'Stalls', slug: 'stalls', locales: [{ code: 'en', is_default: true }, { code: 'de' }] })
    const key = await apiKeys.create(ctx, { name: 'stalls read key', permission: 'Read', site_id: site.id })
    await webhooks.create(ctx, site.id, { url: hook.url })

    // API-key usage: the recorder's whole buffer, written as the request path leaves it (deps.usage.flush).
    const usageAt = Date.now()
    for (let i = 0; i < 10_000; i++) {
      deps.usage.record({
        api_key_id: key.id,
        method: 'GET',
        path: `/api/v1/sites/${site.id}/blogs`,
        status_code: 200,
        ip_hash: 'h'.repeat(16),
        created_at: new Date(usageAt + i),
      })
    }
    results.push(await measure('usage recorder flush', '10,000 rows', () => deps.usage.flush()))

    // Pageviews: one flush of a full-sized buffer.
    const buffer = pageviewBuffer(deps)
    const viewAt = Date.now()
    for (let i = 0; i < 20_000; i++) {
      buffer.add({
        site_id: site.id,
        path: `/blog/post-${i % 500}`,
        referrer_domain: i % 3 === 0 ? 'example.org' : null,
        visitor_hash: randomBytes(8).toString('hex'),
        occurred_at: new Date(viewAt - i),
      })
    }
    results.push(await measure('pageview buffer flush', '20,000 pageviews', () => buffer.flush()))

    // Scheduled publishing: 200 posts falling due together; then the webhook deliveries their events fan out to.
    const dueAt = new Date(Date.now() + 3_000)
    for (let i = 0; i < 200; i++) {
      await blogs.create(ctx, {
        site_ids: [site.id],
        slug: `scheduled-${i}`,
        status: 'Scheduled',
        publish_start: dueAt.toISOString(),
        localizations: [{ locale: 'en', title: `Scheduled ${i}`, body: `Body of post ${i}. `.repeat(40) }],
      })
    }
    await sleep(Math.max(0, dueAt.getTime() - Date.now() + 100))
    const scheduled = jobs.find((j) => j.name === 'scheduled-publish')!
    results.push(await measure('scheduled publishing', '200 posts due at once', () => scheduled.run(deps)))

    const dispatcher = dispatcherOf(deps)
    results.push(
      await measure('webhook delivery', '400 events to one subscriber', async () => {
        // Ticks as the worker runs them, until every event of the posts above has been delivered.
        const deadline = Date.now() + 120_000
        while (hook.received() < 400 && Date.now() < deadline) {
          await dispatcher.tick()
          await sleep(10)
        }
        if (hook.received() < 400) throw new Error(`only ${hook.received()} of 400 webhook deliveries arrived`)
      }),
    )
    await dispatcher.stop()

    // The daily roll-up over a month of pageviews (60,000 rows spread over 30 days before today).
    const rows: PageviewRow[] = []
    const dayMs = 86_400_000
    for (let i = 0; i < 60_000; i++) {
      rows.push({
        site_id: site.id,
        path: `/blog/post-${i % 500}`,
        referrer_domain: null,
        visitor_hash: randomBytes(8).toString('hex'),
        occurred_at: new Date(Date.now() - dayMs - (i % 30) * dayMs - (i % 1000) * 1000),
      })
    }
    for (let i = 0; i < rows.length; i += 5_000) await insertEvents(deps.dbh.db, rows.slice(i, i + 5_000))
    const rollup = jobs.find((j) => j.name === 'analytics-rollup')!
    results.push(await measure('analytics roll-up', '80,000 pageviews over 30 days', () => rollup.run(deps)))

    for (const job of jobs.filter((j) => !['scheduled-publish', 'webhook-delivery', 'analytics-rollup'].includes(j.name))) {
      results.push(await measure(`job ${job.name}`, 'as it is', () => job.run(deps)))
    }

    log(`\nBackground work on the embedded default (PGlite), each alone; issue 9: no event-loop stall over ${STALL_LIMIT_MS} ms`)
    log('work                          load                              took ms  longest stall ms  p99 lateness ms  longest GC ms  verdict')
    log('----------------------------  --------------------------------  -------  ----------------  ---------------  -------------  -------')
    for (const r of results) {
      log(
        `${r.work.padEnd(28)}  ${r.load.padEnd(32)}  ${r.tookMs.toFixed(0).padStart(7)}  ${r.maxStallMs.toFixed(1).padStart(16)}  ${r.p99Ms.toFixed(1).padStart(15)}  ${r.maxGcMs.toFixed(1).padStart(13)}  ${r.maxStallMs <= STALL_LIMIT_MS ? 'met' : 'MISSED'}`,
      )
    }
    return results
  } finally {
    await app?.close()
    await closeDb?.()
    await hook.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
