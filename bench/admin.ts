/*
 * The `admin` part of `npm run bench` (BENCH_PARTS=admin runs it alone; embedded). Issue 27: the web admin measured in a
 * real browser against a real Atrium. Seeds a fresh embedded data directory with SQL (generate_series, like the export
 * part): a "dashboard" site of BENCH_ADMIN_DASHBOARD_POSTS posts (default 1,000: 60 % Published, 25 % Draft, 10 % In
 * review, 5 % Scheduled) and a "list" site of BENCH_ADMIN_LIST_POSTS posts (default 10,000), then starts Atrium as
 * `npm start` does (dist/, serving admin/dist) on 127.0.0.1 and drives headless Chromium (/usr/bin/chromium, or
 * BENCH_CHROMIUM) with Playwright. Per run (BENCH_ADMIN_RUNS, default 7), each in a fresh browser context (cold
 * caches, as after a new sign-in):
 *   - dashboard: from the click on "Sign in" (API key typed in) until the counts by status show numbers and the
 *     In Review queue lists its posts;
 *   - list, first page: from navigating to /admin/sites/<list site>/blogs (credential already set, so the app shell
 *     and the route's chunk load too) until the table shows its 20 rows and "1–20 of 10,000";
 *   - list, page 2: from the click on "Next page" until the range reads 21–40;
 *   - list, last page: from the click on the last page's number ("Page 500") until the range reads the last window.
 * Times are wall-clock in the bench process around Playwright actions and waits (the waits poll on animation frames,
 * so a frame, about 16 ms, is the resolution). Reports min, median and max. Target (issue 27): the dashboard median
 * under 1 s.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { systemCtx } from '../src/core/context.js'
import { openDb } from '../src/db/client.js'
import { migrate } from '../src/db/migrate.js'
import * as sites from '../src/modules/sites/service.js'
import { MemoryCache } from '../src/platform/cache/memory.js'
import { buildIfStale, startServer, type RunningServer } from './server.js'

export interface AdminBenchOptions {
  dashboardPosts: number
  listPosts: number
  runs: number
  chromium: string
  log: (line: string) => void
}

const PER_PAGE = 20

/** Inserts `posts` posts into a site in batches of 10,000 statements' worth: content, content_sites (through the trigger), blogs, an English localization. */
async function seedPosts(db: Awaited<ReturnType<typeof openDb>>['db'], siteId: string, localeId: string, posts: number, mix: boolean): Promise<void> {
  for (let from = 0; from < posts; from += 10_000) {
    const n = Math.min(10_000, posts - from)
    // With `mix`, i mod 20 picks the status: 0-11 Published, 12-16 Draft, 17-18 InReview, 19 Scheduled (a day ahead).
    const status = mix
      ? sql`case when i % 20 < 12 then 'Published' when i % 20 < 17 then 'Draft' when i % 20 < 19 then 'InReview' else 'Scheduled' end`
      : sql`case when i % 3 = 0 then 'Published' else 'Draft' end`
    await db.execute(sql`
      with c as (insert into content (site_id, content_type) select ${siteId}::uuid, 'blog' from generate_series(1, ${n}) returning id),
           n as (select id, row_number() over () + ${from} as i from c),
           s as (insert into content_sites (content_id, site_id, content_type, slug) select id, ${siteId}::uuid, 'blog', 'post-' || i from n),
           b as (
             insert into blogs (content_id, site_id, slug, author, status, published_date, published_at, publish_start, created_at, updated_at)
             select id, ${siteId}::uuid, 'post-' || i, 'Author ' || (i % 7), st,
               case when st = 'Published' then (date '2024-01-01' + (i % 700)::int) end,
               case when st = 'Published' then timestamptz '2024-01-01' + i * interval '1 minute' end,
               case when st = 'Scheduled' then now() + interval '1 day' + i * interval '1 minute' end,
               timestamptz '2024-01-01' + i * interval '1 minute', timestamptz '2024-01-01' + i * interval '1 minute'
             from (select id, i, ${status} as st from n) x
           )
      insert into blog_localizations (content_id, locale_id, title, excerpt, body)
      select id, ${localeId}::uuid, 'Post number ' || i, 'An excerpt of post ' || i, repeat('Lorem ipsum dolor sit amet. ', 20) from n`)
  }
}

async function seed(dataDir: string, o: AdminBenchOptions): Promise<{ dashboard: string; list: string }> {
  const dbh = await openDb({ dataDir })
  const config = loadConfig({ ATRIUM_DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  const cache = new MemoryCache()
  const app = await buildApp(config, { dbh, cache, logger: false })
  try {
    await migrate(dbh)
    const ctx = systemCtx(app.deps, 'bench')
    const made: string[] = []
    for (const [slug, posts, mix] of [
      ['dashboard', o.dashboardPosts, true],
      ['list', o.listPosts, false],
    ] as const) {
      const site = await sites.create(ctx, { name: `Admin bench ${slug}`, slug, locales: [{ code: 'en', is_default: true }] })
      const t0 = Date.now()
      await seedPosts(dbh.db, site.id, site.locales[0]!.id, posts, mix)
      o.log(`admin bench: seeded ${posts} posts into "${slug}" in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      made.push(site.id)
    }
    return { dashboard: made[0]!, list: made[1]! }
  } finally {
    await app.close()
    await cache.close()
    await dbh.close()
  }
}

/** What the list should show: its row count and its range text. */
interface ListWindow {
  rows: number
  range: string
}

/**
 * Waits (polling on animation frames) until `ready(arg)` is true in the page. The predicates are plain arrow functions
 * without inner named functions: Playwright sends their source, and tsx names only named ones (its helper is not in
 * the page). A string would be eval'd in the page, which the admin's CSP refuses.
 */
function until(page: Page, ready: (arg: ListWindow | null) => boolean, arg: ListWindow | null, timeout = 120_000): Promise<unknown> {
  return page.waitForFunction(ready, arg, { polling: 'raf', timeout })
}

/** The little of the page's DOM the predicates use (the bench compiles without the DOM library). */
interface PageNode {
  textContent: string | null
  querySelectorAll(selector: string): Iterable<PageNode> & { length: number }
  querySelector(selector: string): PageNode | null
}
declare const document: PageNode

/** Counts show four numbers and the In Review queue lists at least one post. */
const dashboardReady = (): boolean => {
  const counts = [...document.querySelectorAll('[aria-describedby^="count-label-"]')]
  const queue = document.querySelector('section[aria-labelledby="review-heading"]')
  return counts.length === 4 && counts.every((c) => /\d/.test(c.textContent ?? '')) && queue !== null && queue.querySelectorAll('a').length > 0
}

/** The table has `arg.rows` rows and a paragraph reads `arg.range`. */
const listReady = (arg: ListWindow | null): boolean =>
  arg !== null &&
  document.querySelectorAll('table tbody tr').length === arg.rows &&
  [...document.querySelectorAll('p')].some((p) => p.textContent === arg.range)

const range = (from: number, to: number, total: number) => `${from}–${to} of ${total}`

/**
 * BENCH_ADMIN_TRACE=1: each request the page makes after the click, when it started and ended (ms after the first),
 * printed per run: where the dashboard's time goes (a waterfall of requests, the chunks, the server's answers).
 */
function traceRequests(page: Page): { print(): void } {
  const t0 = performance.now()
  const rows = new Map<object, { url: string; start: number; end?: number }>()
  page.on('request', (r) => rows.set(r, { url: r.url().replace(/^https?:\/\/[^/]+/, ''), start: performance.now() - t0 }))
  page.on('requestfinished', (r) => {
    const row = rows.get(r)
    if (row) row.end = performance.now() - t0
  })
  return {
    print: () => {
      for (const r of rows.values()) console.log(`  ${r.start.toFixed(0).padStart(6)} → ${(r.end ?? NaN).toFixed(0).padStart(6)} ms  ${r.url.slice(0, 110)}`)
    },
  }
}

async function timed(step: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await step()
  await ready()
  return performance.now() - t0
}

interface Sample {
  dashboard: number
  listFirst: number
  listNext: number
  listLast: number
}

async function oneRun(browser: Browser, base: string, key: string, ids: { dashboard: string; list: string }, total: number): Promise<Sample> {
  // Dashboard: a fresh context, the sign-in form, the click.
  const signIn = await browser.newContext({ locale: 'en-US' })
  const page = await signIn.newPage()
  await page.goto(`${base}/admin/sites/${ids.dashboard}`)
  await page.getByLabel('API key').fill(key)
  const trace = process.env.BENCH_ADMIN_TRACE === '1' ? traceRequests(page) : undefined
  const dashboard = await timed(
    () => page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    () => until(page, dashboardReady, null),
  )
  trace?.print()
  await signIn.close()

  // The list: a fresh context with the credential set (as a signed-in tab that opens a link to the list).
  const listCtx = await browser.newContext({ locale: 'en-US' })
  await listCtx.addInitScript(`sessionStorage.setItem('atrium-admin:credential', ${JSON.stringify(JSON.stringify({ kind: 'api_key', apiKey: key }))})`)
  const list = await listCtx.newPage()
  const pages = Math.ceil(total / PER_PAGE)
  const listFirst = await timed(
    () => list.goto(`${base}/admin/sites/${ids.list}/blogs`, { waitUntil: 'commit' }),
    () => until(list, listReady, { rows: PER_PAGE, range: range(1, PER_PAGE, total) }),
  )
  const listNext = await timed(
    () => list.getByRole('button', { name: 'Next page' }).click(),
    () => until(list, listReady, { rows: PER_PAGE, range: range(PER_PAGE + 1, 2 * PER_PAGE, total) }),
  )
  const lastFrom = (pages - 1) * PER_PAGE + 1
  const listLast = await timed(
    () => list.getByRole('button', { name: `Page ${pages}`, exact: true }).click(),
    () => until(list, listReady, { rows: total - lastFrom + 1, range: range(lastFrom, total, total) }),
  )
  await listCtx.close()
  return { dashboard, listFirst, listNext, listLast }
}

const ms = (x: number) => `${Math.round(x)} ms`
function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  return `median ${ms(s[Math.floor(s.length / 2)]!)} (min ${ms(s[0]!)}, max ${ms(s[s.length - 1]!)})`
}
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

/** Seeds, starts Atrium, measures; false when a run failed or the dashboard median missed 1 s. */
export async function adminBench(o: AdminBenchOptions): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-admin-'))
  const key = `atr_bench_admin_${randomBytes(12).toString('hex')}`
  let server: RunningServer | undefined
  let browser: Browser | undefined
  try {
    o.log(`\n== admin in the browser (dashboard ${o.dashboardPosts} posts, list ${o.listPosts} posts; embedded; ${o.runs} runs) ==`)
    o.log(`load average at the start ${loadavg()}`)
    if (await buildIfStale()) o.log('admin bench: compiled dist/ and admin/dist/ (node scripts/build.js --if-stale)')
    const ids = await seed(dataDir, o)
    server = await startServer({ dataDir, databaseUrl: undefined, redisUrl: undefined, env: { ATRIUM_BOOTSTRAP_KEY: key }, healthTimeoutMs: 600_000 })
    browser = await chromium.launch({ executablePath: o.chromium, headless: true })
    // One warm-up run: the server's first statements, Chromium's first start of the renderer.
    await oneRun(browser, server.baseUrl, key, ids, o.listPosts)
    const samples: Sample[] = []
    for (let i = 0; i < o.runs; i++) samples.push(await oneRun(browser, server.baseUrl, key, ids, o.listPosts))
    const of = (k: keyof Sample) => samples.map((s) => s[k])
    o.log(`dashboard ready after sign-in (${o.dashboardPosts} posts): ${stats(of('dashboard'))}`)
    o.log(`list, first page (${o.listPosts} posts, ${PER_PAGE} per page, cold tab): ${stats(of('listFirst'))}`)
    o.log(`list, page 2: ${stats(of('listNext'))}`)
    o.log(`list, last page: ${stats(of('listLast'))}`)
    o.log(`load average at the end ${loadavg()}`)
    const dash = [...of('dashboard')].sort((a, b) => a - b)[Math.floor(o.runs / 2)]!
    if (dash >= 1000) o.log(`admin bench: the dashboard median ${ms(dash)} misses the 1 s target`)
    return dash < 1000
  } catch (err) {
    o.log(`admin bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}${server ? `\nserver output:\n${server.output()}` : ''}`)
    return false
  } finally {
    await browser?.close()
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `BENCH_PARTS=admin` alone: `tsx bench/admin.ts` also works (same environment variables). */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  adminBench(adminOptions((l) => process.stdout.write(`${l}\n`))).then(
    (ok) => process.exit(ok ? 0 : 1),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
      process.exit(1)
    },
  )
}

/** Options from BENCH_ADMIN_DASHBOARD_POSTS, BENCH_ADMIN_LIST_POSTS, BENCH_ADMIN_RUNS and BENCH_CHROMIUM. */
export function adminOptions(log: (line: string) => void): AdminBenchOptions {
  const int = (name: string, dflt: number, min: number, max: number) => {
    const v = Number(process.env[name] ?? dflt)
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`${name} must be an integer in ${min}..${max}`)
    return v
  }
  return {
    dashboardPosts: int('BENCH_ADMIN_DASHBOARD_POSTS', 1000, 20, 1_000_000),
    listPosts: int('BENCH_ADMIN_LIST_POSTS', 10_000, PER_PAGE * 3, 1_000_000),
    runs: int('BENCH_ADMIN_RUNS', 7, 1, 50),
    chromium: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    log,
  }
}
