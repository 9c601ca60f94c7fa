import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../src/db/migrate.js'
import { analyticsDailyStats, analyticsDailyTotals, analyticsEvents, analyticsRollupRuns, analyticsSalts } from '../../../src/db/schema/analytics.js'
import { pageviewBuffer } from '../../../src/modules/analytics/ingest.service.js'
import { normalisePath, referrerDomain } from '../../../src/modules/analytics/paths.rules.js'
import { rollup } from '../../../src/modules/analytics/service.js'
import type { ManualClock } from '../../../src/platform/clock.js'
import { jobs } from '../../../src/workers/index.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { auditsOf } from '../../helpers/records.js'

interface Report {
  total_views: number
  total_unique_visitors: number
  top_content: Array<{ path: string; total_views: number; unique_visitors: number }>
  trend: Array<{ date: string; total_views: number; unique_visitors: number }>
}

let t: TestApp
let clock: ManualClock

/** POST a pageview as a browser at `ip` with user agent `ua`. */
function pv(app: TestApp, site: SiteFixture, body: unknown, opts: { ip?: string; ua?: string; key?: string } = {}) {
  return app.app.inject({
    method: 'POST',
    url: `/api/v1/sites/${site.id}/analytics/pageview`,
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: { 'x-api-key': opts.key ?? site.keys.Read, 'user-agent': opts.ua ?? 'Mozilla/5.0 (TestBrowser)' },
    payload: body as object,
  })
}
async function view(site: SiteFixture, path: string, opts: { ip?: string; ua?: string; referrer?: string } = {}) {
  expectStatus(await pv(t, site, { path, ...(opts.referrer ? { referrer: opts.referrer } : {}) }, opts), 201)
}
const flush = () => pageviewBuffer(t.deps).flush()
async function eventsOf(siteId: string) {
  await flush()
  return t.dbh.db.select().from(analyticsEvents).where(eq(analyticsEvents.site_id, siteId)).orderBy(analyticsEvents.id)
}
async function reportOf(site: SiteFixture, query = '') {
  await flush()
  return expectStatus<Report>(await t.as(site.keys.Read).get(`/sites/${site.id}/analytics/report${query}`), 200)
}
async function statsOf(siteId: string) {
  const perPath = await t.dbh.db
    .select()
    .from(analyticsDailyStats)
    .where(eq(analyticsDailyStats.site_id, siteId))
    .orderBy(analyticsDailyStats.date, analyticsDailyStats.path)
  const perDay = await t.dbh.db.select().from(analyticsDailyTotals).where(eq(analyticsDailyTotals.site_id, siteId)).orderBy(analyticsDailyTotals.date)
  return { perPath, perDay }
}
const aggregate = async (site: SiteFixture, query = '') =>
  expectStatus<{ rows_affected: number; action: string }>(await t.as(site.keys.Admin).post(`/sites/${site.id}/analytics/aggregate${query}`), 200)

beforeAll(async () => {
  t = await testApp()
  clock = t.clock as ManualClock
})
afterAll(async () => {
  await t.close()
})

describe('pageview ingestion', () => {
  it('answers 201 {ok: true} without cookies and stores neither IP nor user agent', async () => {
    clock.set(new Date('2025-03-10T12:00:00Z'))
    const s = await makeSite(t)
    const res = await pv(
      t,
      s,
      { path: '/blog/hello', referrer: 'https://News.Example.COM/some/article?x=1', user_agent_hash: 'client-side-ignored' },
      { ip: '198.51.100.23', ua: 'SecretAgent/7.0' },
    )
    expect(expectStatus(res, 201)).toEqual({ ok: true })
    expect(res.headers['set-cookie']).toBeUndefined()
    const [row] = await eventsOf(s.id)
    expect(row).toMatchObject({ site_id: s.id, path: '/blog/hello', referrer_domain: 'news.example.com' })
    expect(row!.visitor_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.visitor_hash).not.toBe('client-side-ignored')
    expect(row!.occurred_at.toISOString()).toBe('2025-03-10T12:00:00.000Z')
    // The table has no column that could hold an IP or user agent, and no value carries them.
    const cols = rowsOf<{ column_name: string }>(
      await t.dbh.db.execute(sql`select column_name from information_schema.columns where table_name = 'analytics_events' order by column_name`),
    ).map((c) => c.column_name)
    expect(cols).toEqual(['id', 'occurred_at', 'path', 'referrer_domain', 'site_id', 'visitor_hash'])
    const text = JSON.stringify(row)
    expect(text).not.toContain('198.51.100.23')
    expect(text).not.toContain('SecretAgent')
  })

  it('normalises paths', async () => {
    const cases: Array<[string, string]> = [
      ['/blog/a', '/blog/a'],
      ['/blog/a/', '/blog/a'],
      ['blog/a', '/blog/a'],
      ['//blog///a//', '/blog/a'],
      ['/blog/a?utm_source=x#top', '/blog/a'],
      ['https://example.com/blog/a/?q=1#f', '/blog/a'],
      ['https://example.com', '/'],
      ['https://example.com?x=1', '/'],
      ['/', '/'],
      ['?only=query', '/'],
      ['/caf%C3%A9/%20x', '/caf%C3%A9/%20x'],
      ['/Case/Kept', '/Case/Kept'],
    ]
    for (const [input, expected] of cases) expect(normalisePath(input), input).toBe(expected)
    const s = await makeSite(t)
    for (const [input] of cases) await view(s, input)
    expect((await eventsOf(s.id)).map((e) => e.path)).toEqual(cases.map(([, e]) => e))
  })

  it('reduces the referrer to its lowercased domain; anything else is null', () => {
    expect(referrerDomain('https://WWW.Example.org:8443/a?b#c')).toBe('www.example.org')
    expect(referrerDomain('http://user:pw@example.net/')).toBe('example.net')
    expect(referrerDomain('example.com/path')).toBe('example.com')
    expect(referrerDomain('not a url')).toBeNull()
    expect(referrerDomain('javascript:alert(1)')).toBeNull()
    expect(referrerDomain('ftp://example.com/x')).toBeNull()
    expect(referrerDomain('')).toBeNull()
    expect(referrerDomain(null)).toBeNull()
  })

  it('stores an invalid referrer as null', async () => {
    const s = await makeSite(t)
    expectStatus(await pv(t, s, { path: '/x', referrer: 'not a url' }), 201)
    expectStatus(await pv(t, s, { path: '/y', referrer: null }), 201)
    expect((await eventsOf(s.id)).map((e) => e.referrer_domain)).toEqual([null, null])
  })

  it('refuses bad input with 400 and stores nothing', async () => {
    const s = await makeSite(t)
    const bad: unknown[] = [
      {},
      { path: '' },
      { path: '   ' },
      { path: '/' + 'a'.repeat(2000) },
      { path: 42 },
      { path: ['/a'] },
      { path: null },
      { path: '/a', referrer: 7 },
      { path: '/a', referrer: 'x'.repeat(2001) },
      { path: '/a', user_agent_hash: 5 },
      { path: '/a', user_agent_hash: 'h'.repeat(257) },
    ]
    for (const body of bad) {
      const p = expectProblem(await pv(t, s, body), 400, 'VALIDATION_FAILED')
      expect(p.errors?.length ?? 0, JSON.stringify(body)).toBeGreaterThan(0)
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${s.id}/analytics/pageview`,
      headers: { 'x-api-key': s.keys.Read, 'content-type': 'application/json' },
      payload: '{"path":',
    })
    expect(notJson.statusCode).toBe(400)
    // exactly 2000 characters is fine
    expectStatus(await pv(t, s, { path: '/' + 'a'.repeat(1999) }), 201)
    const rows = await eventsOf(s.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.path).toHaveLength(2000)
  })

  it('keeps the visitor hash within a UTC day and changes it across days, sites and visitors', async () => {
    clock.set(new Date('2025-04-01T08:00:00Z'))
    const a = await makeSite(t)
    const b = await makeSite(t)
    await view(a, '/1', { ip: '192.0.2.1', ua: 'UA-1' })
    clock.advance(3 * 3_600_000)
    await view(a, '/2', { ip: '192.0.2.1', ua: 'UA-1' })
    await view(a, '/3', { ip: '192.0.2.2', ua: 'UA-1' })
    await view(a, '/4', { ip: '192.0.2.1', ua: 'UA-2' })
    await view(b, '/1', { ip: '192.0.2.1', ua: 'UA-1' })
    clock.set(new Date('2025-04-02T08:00:00Z'))
    await view(a, '/5', { ip: '192.0.2.1', ua: 'UA-1' })
    const h = (await eventsOf(a.id)).map((e) => e.visitor_hash)
    const [hb] = (await eventsOf(b.id)).map((e) => e.visitor_hash)
    expect(h[0]).toBe(h[1])
    expect(new Set([h[0], h[2], h[3], h[4], hb]).size).toBe(5)
  })

  it('shares the daily salt between two app instances on one database, and flushes on close', async () => {
    clock.set(new Date('2025-05-05T10:00:00Z'))
    const s = await makeSite(t)
    const other = await testApp({ dbh: t.dbh, clock, env: { ATRIUM_ANALYTICS_FLUSH_MS: '60000' } })
    try {
      expectStatus(await pv(other, s, { path: '/from-b' }, { ip: '192.0.2.9', ua: 'Same' }), 201)
      await view(s, '/from-a', { ip: '192.0.2.9', ua: 'Same' })
    } finally {
      // nothing flushed it yet (60 s interval): closing the app writes its buffer
      await other.close()
    }
    const rows = await eventsOf(s.id)
    expect(rows.map((r) => r.path).sort()).toEqual(['/from-a', '/from-b'])
    expect(rows[0]!.visitor_hash).toBe(rows[1]!.visitor_hash)
    const saltRows = await t.dbh.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, '2025-05-05'))
    expect(saltRows).toHaveLength(1)
  })

  it('answers 503 when the buffer is full, and stores every pageview it accepted', async () => {
    const small = await testApp({ env: { ATRIUM_ANALYTICS_BUFFER_MAX: '100', ATRIUM_ANALYTICS_FLUSH_MS: '60000' } })
    try {
      const s = await makeSite(small)
      // fill without triggering a batch write (a batch is 5000 rows)
      for (let i = 0; i < 100; i++) expectStatus(await pv(small, s, { path: `/p${i}` }), 201)
      const res = await pv(small, s, { path: '/overflow' })
      expectProblem(res, 503, 'SERVICE_UNAVAILABLE')
      expect(res.headers['retry-after']).toBeDefined()
      await pageviewBuffer(small.deps).flush()
      const [n] = await small.dbh.db
        .select({ n: sql<number>`count(*)::int` })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.site_id, s.id))
      expect(n!.n).toBe(100)
      expectStatus(await pv(small, s, { path: '/after' }), 201)
    } finally {
      await small.close()
    }
  })
})

describe('disabled analytics', () => {
  it('answers 403 ANALYTICS_DISABLED, stores nothing, keeps the report readable', async () => {
    clock.set(new Date('2025-06-01T12:00:00Z'))
    const s = await makeSite(t)
    await view(s, '/before')
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { analytics_enabled: false }), 200)
    expectProblem(await pv(t, s, { path: '/during' }), 403, 'ANALYTICS_DISABLED')
    expect((await eventsOf(s.id)).map((e) => e.path)).toEqual(['/before'])
    const r = await reportOf(s, '?days=1')
    expect(r.total_views).toBe(1)
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { analytics_enabled: true }), 200)
    await view(s, '/again')
    expect(await eventsOf(s.id)).toHaveLength(2)
  })
})

describe('report', () => {
  it('has the report shape, a zero-filled trend in the site time zone, oldest first', async () => {
    const s = await makeSite(t)
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { timezone: 'Pacific/Auckland' }), 200)
    // 23:30 on 10 June in Auckland (UTC+12) ...
    clock.set(new Date('2025-06-10T11:30:00Z'))
    await view(s, '/late', { ip: '192.0.2.1' })
    await view(s, '/late', { ip: '192.0.2.2' })
    // ... and 00:30 on 11 June there (still 10 June in UTC)
    clock.advance(3_600_000)
    await view(s, '/early', { ip: '192.0.2.1' })
    await view(s, '/late', { ip: '192.0.2.1' })
    const r = await reportOf(s, '?days=4')
    expect(r.trend).toEqual([
      { date: '2025-06-08', total_views: 0, unique_visitors: 0 },
      { date: '2025-06-09', total_views: 0, unique_visitors: 0 },
      { date: '2025-06-10', total_views: 2, unique_visitors: 2 },
      { date: '2025-06-11', total_views: 2, unique_visitors: 1 },
    ])
    expect(r.total_views).toBe(4)
    // uniques are summed per day (hashes cannot be linked across days)
    expect(r.total_unique_visitors).toBe(3)
    expect(r.top_content).toEqual([
      { path: '/late', total_views: 3, unique_visitors: 3 },
      { path: '/early', total_views: 1, unique_visitors: 1 },
    ])
    expect((await reportOf(s)).trend).toHaveLength(30)
    expect((await reportOf(s, '?days=365')).trend).toHaveLength(365)
    expect((await reportOf(s, '?top_n=1')).top_content.map((c) => c.path)).toEqual(['/late'])
  })

  it('refuses days and top_n out of bounds or not integers', async () => {
    const s = await makeSite(t)
    for (const q of ['days=0', 'days=366', 'days=-1', 'days=1.5', 'days=abc', 'top_n=0', 'top_n=51', 'top_n=2.5', 'top_n=x']) {
      expectProblem(await t.as(s.keys.Read).get(`/sites/${s.id}/analytics/report?${q}`), 400, 'VALIDATION_FAILED')
    }
    expectStatus(await t.as(s.keys.Read).get(`/sites/${s.id}/analytics/report?days=1&top_n=50`), 200)
  })
})

describe('aggregate', () => {
  async function siteWithHistory() {
    const s = await makeSite(t)
    clock.set(new Date('2025-07-01T09:00:00Z'))
    await view(s, '/a', { ip: '192.0.2.1' })
    await view(s, '/a', { ip: '192.0.2.2' })
    await view(s, '/b', { ip: '192.0.2.1' })
    clock.set(new Date('2025-07-08T09:00:00Z'))
    await view(s, '/a', { ip: '192.0.2.1' })
    await view(s, '/c', { ip: '192.0.2.3' })
    clock.set(new Date('2025-07-10T09:00:00Z'))
    await view(s, '/b', { ip: '192.0.2.1' })
    return s
  }

  it('rolls raw events into daily stats idempotently; the report is the same before and after', async () => {
    const s = await siteWithHistory()
    const before = await reportOf(s)
    expect(before.total_views).toBe(6)
    const first = await aggregate(s)
    expect(first.action).toBe('aggregated')
    // complete days only: 1 July (2 paths) and 8 July (2 paths) per path, plus 2 day rows; 10 July is today
    expect(first.rows_affected).toBe(6)
    const stats = await statsOf(s.id)
    expect(stats.perPath.map((r) => [r.date, r.path, r.views, r.unique_visitors])).toEqual([
      ['2025-07-01', '/a', 2, 2],
      ['2025-07-01', '/b', 1, 1],
      ['2025-07-08', '/a', 1, 1],
      ['2025-07-08', '/c', 1, 1],
    ])
    expect(stats.perDay.map((r) => [r.date, r.views, r.unique_visitors])).toEqual([
      ['2025-07-01', 3, 2],
      ['2025-07-08', 2, 2],
    ])
    expect(await reportOf(s)).toEqual(before)
    await aggregate(s)
    expect(await statsOf(s.id)).toEqual(stats)
    expect(await reportOf(s)).toEqual(before)
    // a later day: the new complete day is added, nothing else changes
    clock.set(new Date('2025-07-11T09:00:00Z'))
    await aggregate(s)
    const later = await statsOf(s.id)
    expect(later.perDay.map((r) => r.date)).toEqual(['2025-07-01', '2025-07-08', '2025-07-10'])
    expect(later.perPath.slice(0, 4)).toEqual(stats.perPath)
    const audits = await auditsOf(t, 'analytics', s.id)
    expect(audits.map((a) => a.action)).toEqual(['Update', 'Update', 'Update'])
    expect(audits[0]!.metadata).toMatchObject({ action: 'aggregated', retention_days: 90 })
  })

  it('deletes raw events older than retention_days (whole days) and keeps their stats', async () => {
    const s = await siteWithHistory()
    const before = await reportOf(s)
    const res = await aggregate(s, '?retention_days=5')
    // 4 + 2 stats rows, and the 3 raw events of 1 July (older than 5 July) deleted
    expect(res.rows_affected).toBe(9)
    expect((await eventsOf(s.id)).map((e) => e.occurred_at.toISOString().slice(0, 10))).toEqual(['2025-07-08', '2025-07-08', '2025-07-10'])
    expect(await reportOf(s)).toEqual(before)
    for (const q of ['retention_days=0', 'retention_days=3651', 'retention_days=1.5', 'retention_days=x']) {
      expectProblem(await t.as(s.keys.Admin).post(`/sites/${s.id}/analytics/aggregate?${q}`), 400, 'VALIDATION_FAILED')
    }
  })

  it('aggregates by local day in the site time zone', async () => {
    const s = await makeSite(t)
    expectStatus(await t.as(s.keys.Admin).put(`/sites/${s.id}/settings`, { timezone: 'Pacific/Auckland' }), 200)
    clock.set(new Date('2025-06-10T11:30:00Z')) // 23:30 on 10 June in Auckland
    await view(s, '/x')
    clock.advance(3_600_000) // 00:30 on 11 June there
    await view(s, '/x')
    clock.set(new Date('2025-06-12T12:00:00Z'))
    const before = await reportOf(s, '?days=5')
    await aggregate(s)
    expect((await statsOf(s.id)).perDay.map((r) => [r.date, r.views])).toEqual([
      ['2025-06-10', 1],
      ['2025-06-11', 1],
    ])
    expect(await reportOf(s, '?days=5')).toEqual(before)
  })
})

describe('roll-up job', () => {
  it('is registered, runs once per UTC day across instances, aggregates sites and deletes past salts', async () => {
    expect(jobs.map((j) => j.name)).toContain('analytics-rollup')
    clock.set(new Date('2030-01-01T10:00:00Z'))
    const s = await makeSite(t)
    await view(s, '/job')
    await flush()
    clock.set(new Date('2030-01-02T00:10:00Z'))
    const other = await testApp({ dbh: t.dbh, clock })
    try {
      const first = await rollup(t.deps)
      expect(first.claimed).toBe(true)
      expect(first.sites).toContain(s.id)
      expect(first.saltsDeleted).toBeGreaterThan(0)
      const again = await rollup(other.deps)
      expect(again).toMatchObject({ claimed: false, sites: [] })
    } finally {
      await other.close()
    }
    expect((await statsOf(s.id)).perDay.map((r) => [r.date, r.views])).toEqual([['2030-01-01', 1]])
    const salts = await t.dbh.db.select({ day: analyticsSalts.day }).from(analyticsSalts)
    expect(salts.every((r) => r.day >= '2030-01-02')).toBe(true)
    const [run] = await t.dbh.db.select().from(analyticsRollupRuns).where(eq(analyticsRollupRuns.day, '2030-01-02'))
    expect(run?.finished_at).toBeInstanceOf(Date)
    const audits = await auditsOf(t, 'analytics', s.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ user_id: null, api_key_id: null })
  })

  it('deletes a salt once its UTC day is over', async () => {
    clock.set(new Date('2031-03-03T23:59:00Z'))
    const s = await makeSite(t)
    await view(s, '/s')
    expect(await t.dbh.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, '2031-03-03'))).toHaveLength(1)
    await rollup(t.deps)
    expect(await t.dbh.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, '2031-03-03'))).toHaveLength(1)
    clock.set(new Date('2031-03-04T00:01:00Z'))
    await rollup(t.deps)
    expect(await t.dbh.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, '2031-03-03'))).toHaveLength(0)
    await view(s, '/s')
    expect(
      await t.dbh.db
        .select()
        .from(analyticsSalts)
        .where(and(eq(analyticsSalts.day, '2031-03-04'))),
    ).toHaveLength(1)
  })
})

describe('access', () => {
  it('lets Read post and report, needs Admin to aggregate, and hides other sites', async () => {
    const a = await makeSite(t)
    const b = await makeSite(t)
    expectStatus(await pv(t, a, { path: '/r' }, { key: a.keys.Read }), 201)
    expectStatus(await t.as(a.keys.Read).get(`/sites/${a.id}/analytics/report`), 200)
    expectProblem(await t.as(a.keys.Read).post(`/sites/${a.id}/analytics/aggregate`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/analytics/aggregate`), 403, 'FORBIDDEN')
    expectStatus(await t.as(a.keys.Admin).post(`/sites/${a.id}/analytics/aggregate`), 200)
    expectStatus(await t.as(t.masterKey).post(`/sites/${a.id}/analytics/aggregate`, {}), 200)
    // another site's key: the site is not found for it
    expectProblem(await pv(t, a, { path: '/r' }, { key: b.keys.Master }), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Read).get(`/sites/${a.id}/analytics/report`), 404, 'NOT_FOUND')
    expectProblem(await t.as(b.keys.Master).post(`/sites/${a.id}/analytics/aggregate`), 404, 'NOT_FOUND')
    expectProblem(await t.as().get(`/sites/${a.id}/analytics/report`), 401, 'UNAUTHENTICATED')
    const anon = await t.app.inject({ method: 'POST', url: `/api/v1/sites/${a.id}/analytics/pageview`, payload: { path: '/x' } })
    expect(anon.statusCode).toBe(401)
    expect((await eventsOf(a.id)).map((e) => e.path)).toEqual(['/r'])
  })
})
