import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sites } from '../../src/db/schema/sites.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import { expectProblem, type Res } from '../helpers/http.js'
import { expectFullProblem, snapshotCounts } from './support.js'

let t: TestApp
let site: SiteFixture
let before: Record<string, number>

beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
})
afterAll(() => t.close())

/** Raw request (own payload string and content type) as the unscoped Master key. */
const raw = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, contentType?: string, key = t.masterKey): Promise<Res> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'x-api-key': key, ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  })

const siteRow = async () => (await t.dbh.db.select().from(sites).where(eq(sites.id, site.id)))[0]

describe('bad input is a 4xx problem and changes nothing', () => {
  let siteBefore: Awaited<ReturnType<typeof siteRow>>
  beforeEach(async () => {
    before = await snapshotCounts(t.dbh)
    siteBefore = await siteRow()
  })
  const unchanged = async () => {
    expect(await snapshotCounts(t.dbh)).toEqual(before)
    expect(await siteRow()).toEqual(siteBefore)
  }

  it('malformed JSON → 400 VALIDATION_FAILED', async () => {
    for (const [method, url] of [
      ['POST', '/api-keys'],
      ['POST', '/sites'],
      ['PUT', `/sites/${site.id}`],
    ] as const) {
      expectFullProblem(await raw(method, url, '{"name": "x",', 'application/json'), 400, 'VALIDATION_FAILED')
      expectFullProblem(await raw(method, url, "{'name': 'x'}", 'application/json; charset=utf-8'), 400, 'VALIDATION_FAILED')
      expectFullProblem(await raw(method, url, '', 'application/json'), 400, 'VALIDATION_FAILED')
    }
    await unchanged()
  })

  it('a JSON body that is not an object → 400 naming the body', async () => {
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const body = expectFullProblem(await raw('POST', '/sites', payload, 'application/json'), 400, 'VALIDATION_FAILED')
      expect(body.errors?.[0]?.field).toBe('body')
    }
    await unchanged()
  })

  it('wrong field types are not coerced: 400 with errors[].field naming the field', async () => {
    const cases: Array<[Promise<Res>, string]> = [
      [t.as(t.masterKey).post('/api-keys', { name: 'k', permission: 'Read', site_id: site.id, rate_limit_per_minute: '5' }), 'rate_limit_per_minute'],
      [t.as(t.masterKey).post('/api-keys', { name: 'k', permission: 'Read', site_id: site.id, rate_limit_per_minute: 5.5 }), 'rate_limit_per_minute'],
      [t.as(t.masterKey).post('/api-keys', { name: 7, permission: 'Read', site_id: site.id }), 'name'],
      [t.as(t.masterKey).put(`/sites/${site.id}`, { is_active: 'false' }), 'is_active'],
      [t.as(t.masterKey).put(`/sites/${site.id}`, { name: 12 }), 'name'],
      [t.as(t.masterKey).post('/sites', { name: 'n', slug: `s-${uid()}`, is_active: 1 }), 'is_active'],
      [t.as(t.masterKey).post('/sites', { name: 'n', slug: `s-${uid()}`, locales: [{ code: 5 }] }), 'locales.0.code'],
    ]
    for (const [pending, field] of cases) {
      const body = expectFullProblem(await pending, 400, 'VALIDATION_FAILED')
      expect(body.errors?.map((e) => e.field)).toContain(field)
    }
    await unchanged()
  })

  it('missing required fields and out-of-range values → 400 naming the field', async () => {
    const missing = expectFullProblem(await t.as(t.masterKey).post('/sites', { name: 'no slug' }), 400, 'VALIDATION_FAILED')
    expect(missing.errors?.[0]?.field).toBe('slug')
    const badSlug = expectFullProblem(await t.as(t.masterKey).post('/sites', { name: 'n', slug: 'Not A Slug' }), 400, 'VALIDATION_FAILED')
    expect(badSlug.errors?.[0]?.field).toBe('slug')
    const zero = expectFullProblem(
      await t.as(t.masterKey).post('/api-keys', { name: 'k', permission: 'Read', site_id: site.id, rate_limit_per_minute: 0 }),
      400,
      'VALIDATION_FAILED',
    )
    expect(zero.errors?.[0]?.field).toBe('rate_limit_per_minute')
    expectFullProblem(await t.as(t.masterKey).put(`/sites/${site.id}`, {}), 400, 'VALIDATION_FAILED')
    await unchanged()
  })

  it('unknown enum value → 400', async () => {
    const body = expectFullProblem(
      await t.as(t.masterKey).post('/api-keys', { name: 'k', permission: 'Superuser', site_id: site.id }),
      400,
      'VALIDATION_FAILED',
    )
    expect(body.errors?.[0]?.field).toBe('permission')
    const q = expectFullProblem(await t.as(t.masterKey).get('/api-keys?status=Sleeping'), 400, 'VALIDATION_FAILED')
    expect(q.errors?.[0]?.field).toBe('status')
    await unchanged()
  })

  it('a text PostgreSQL cannot store (NUL character) → 400, not 500', async () => {
    const res = await t.as(t.masterKey).post('/sites', { name: 'bad\u0000name', slug: `nul-${uid()}` })
    expectFullProblem(res, 400, 'VALIDATION_FAILED')
    expectFullProblem(await t.as(t.masterKey).put(`/sites/${site.id}`, { description: 'x\u0000y' }), 400, 'VALIDATION_FAILED')
    await unchanged()
  })

  it('JSON body over 1 MiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ name: 'big', slug: `big-${uid()}`, description: 'x'.repeat(1024 * 1024) })
    expectFullProblem(await raw('POST', '/sites', big, 'application/json'), 413, 'PAYLOAD_TOO_LARGE')
    expectFullProblem(await raw('PUT', `/sites/${site.id}`, big, 'application/json'), 413, 'PAYLOAD_TOO_LARGE')
    const bigKey = JSON.stringify({ name: 'k', permission: 'Read', description: 'y'.repeat(1024 * 1024 + 10) })
    expectFullProblem(await raw('POST', '/api-keys', bigKey, 'application/json'), 413, 'PAYLOAD_TOO_LARGE')
    await unchanged()
  })

  it('a non-JSON content type on a JSON endpoint → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const json = JSON.stringify({ name: 'n', slug: `ct-${uid()}` })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
      expectFullProblem(await raw('POST', '/sites', json, type), 415, 'UNSUPPORTED_MEDIA_TYPE')
      expectFullProblem(await raw('PUT', `/sites/${site.id}`, JSON.stringify({ name: 'renamed' }), type), 415, 'UNSUPPORTED_MEDIA_TYPE')
      expectFullProblem(await raw('POST', '/api-keys', JSON.stringify({ name: 'k', permission: 'Read' }), type), 415, 'UNSUPPORTED_MEDIA_TYPE')
    }
    // A body with no content type at all is not JSON either.
    expectFullProblem(await raw('POST', '/sites', json), 415, 'UNSUPPORTED_MEDIA_TYPE')
    await unchanged()
  })

  it('a bad UUID in the path → 400 naming the parameter', async () => {
    for (const res of [
      await t.as(t.masterKey).put('/sites/not-a-uuid', { name: 'x' }),
      await t.as(t.masterKey).get('/sites/1234'),
      await t.as(t.masterKey).put('/api-keys/zzz', { name: 'x' }),
    ]) {
      const body = expectFullProblem(res, 400, 'VALIDATION_FAILED')
      expect(body.errors?.[0]?.field).toBe('id')
    }
    await unchanged()
  })

  it('pagination: per_page over 100, page 0, non-integer page → 400', async () => {
    const cases: Array<[string, string]> = [
      ['per_page=101', 'per_page'],
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['per_page=ten', 'per_page'],
      ['page=', 'page'],
      ['page=1&page=2', 'page'],
      ['per_page=1e9', 'per_page'],
    ]
    for (const [qs, field] of cases) {
      const body = expectFullProblem(await t.as(t.masterKey).get(`/api-keys?${qs}`), 400, 'VALIDATION_FAILED')
      expect(body.errors?.[0]?.field).toBe(field)
    }
    const ok = await t.as(t.masterKey).get('/api-keys?page=1&per_page=100')
    expect(ok.statusCode).toBe(200)
    const first = ok.json<{ data: unknown[]; meta: { page: number; per_page: number; total: number; total_pages: number } }>()
    expect(first.meta).toMatchObject({ page: 1, per_page: 100, total_pages: Math.ceil(first.meta.total / 100) })
    expect(first.data.length).toBe(Math.min(first.meta.total, 100))
    // Defaults per the spec's Limits table; a page past the end is an empty list with the true totals.
    const defaults = await t.as(t.masterKey).get('/api-keys')
    expect(defaults.json<{ meta: { page: number; per_page: number } }>().meta).toMatchObject({ page: 1, per_page: 10 })
    const beyond = await t.as(t.masterKey).get('/api-keys?page=999&per_page=2')
    expect(beyond.statusCode).toBe(200)
    expect(beyond.json()).toEqual({ data: [], meta: { page: 999, per_page: 2, total: first.meta.total, total_pages: Math.ceil(first.meta.total / 2) } })
    await unchanged()
  })

  it('a URL that is not valid percent-encoding → 400 problem with a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sites/%E0%A4%A', headers: { 'x-api-key': t.masterKey } })
    expectFullProblem(res, 400, 'VALIDATION_FAILED')
    await unchanged()
  })

  it('unknown body properties are stripped, never stored', async () => {
    const res = await t.as(t.masterKey).put(`/sites/${site.id}`, { description: 'kept', is_admin: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).not.toHaveProperty('is_admin')
    expect((await siteRow())?.description).toBe('kept')
    const onlyUnknown = await t.as(t.masterKey).put(`/sites/${site.id}`, { is_admin: true })
    expectFullProblem(onlyUnknown, 400, 'VALIDATION_FAILED')
  })
})

describe('X-Request-Id', () => {
  const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

  it('is echoed when valid, on success and on every kind of error', async () => {
    const id = `trace-${uid()}:1.2`
    const h = { 'x-request-id': id }
    const responses = [
      await t.as(t.masterKey).get('/sites', h),
      await t.as().get('/sites', h),
      await t.as(t.masterKey).get('/api-keys?page=0', h),
      await t.as(t.masterKey).get('/sites/00000000-0000-4000-8000-000000000000', h),
      await t.as(t.masterKey).get('/nowhere', h),
      await t.app.inject({ method: 'POST', url: '/api/v1/sites', headers: { ...h, 'x-api-key': t.masterKey, 'content-type': 'text/plain' }, payload: 'x' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/sites/%E0%A4%A', headers: h }),
    ]
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 404, 415, 400])
    for (const r of responses) expect(r.headers['x-request-id']).toBe(id)
  })

  it('is generated when missing or invalid, and differs per request', async () => {
    const invalid = ['has spaces', 'x'.repeat(129), 'ümlaut', 'semi;colon', '']
    const seen = new Set<string>()
    for (const value of invalid) {
      const res = await t.as(t.masterKey).get('/sites', value ? { 'x-request-id': value } : {})
      const got = String(res.headers['x-request-id'])
      expect(got).toMatch(ID)
      seen.add(got)
    }
    const none = await t.as().get('/nowhere')
    expect(String(none.headers['x-request-id'])).toMatch(ID)
    seen.add(String(none.headers['x-request-id']))
    expect(seen.size).toBe(invalid.length + 1)
  })
})

describe('timestamps JavaScript cannot represent', () => {
  it('refuses a leap-second expires_at with 400 instead of failing later', async () => {
    const t2 = await testApp()
    try {
      const res = await t2.as(t2.masterKey).post('/api-keys', { name: 'leap', permission: 'Master', expires_at: '2099-12-31T23:59:60Z' })
      const body = expectProblem(res, 400, 'VALIDATION_FAILED')
      expect(body.errors?.[0]?.field).toBe('expires_at')
    } finally {
      await t2.close()
    }
  })
})
