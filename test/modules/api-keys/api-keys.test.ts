import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../src/db/migrate.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { KEY_FORMAT, expectNoSecret, keyRow, type KeyBody, type KeyPage } from './helpers.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

const fields = (res: { json: () => unknown }) => ((res.json() as { errors?: Array<{ field: string }> }).errors ?? []).map((e) => e.field)

describe('POST /api-keys', () => {
  it('creates a key and shows its plaintext once, never the digest', async () => {
    const res = await t.as(t.masterKey).post('/api-keys', {
      name: 'Frontend',
      description: 'public site',
      permission: 'Read',
      site_id: a.id,
      rate_limit_per_minute: 120,
    })
    const body = expectStatus<KeyBody>(res, 200)
    expect(body.key).toMatch(KEY_FORMAT)
    expect(body.key_prefix).toBe(body.key!.slice(0, 12))
    expect(body).toMatchObject({
      name: 'Frontend',
      description: 'public site',
      permission: 'Read',
      site_id: a.id,
      status: 'Active',
      rate_limit_per_minute: 120,
      expires_at: null,
    })
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    expectNoSecret(res.body.replace(body.key!, ''), body.key!)
    expect(Object.keys(body)).not.toContain('created_by')

    // The key works at once, with what was asked for.
    const me = expectStatus(await t.as(body.key).get('/auth/me'), 200)
    expect(me).toMatchObject({ permission: 'Read', site_id: a.id, auth_method: 'api_key' })

    // Later reads show the prefix only.
    const read = await t.as(t.masterKey).get(`/api-keys/${body.id}`)
    expect(expectStatus<KeyBody>(read, 200).key).toBeUndefined()
    expectNoSecret(read.body, body.key!)
    const list = await t.as(t.masterKey).get(`/api-keys?site_id=${a.id}&per_page=100`)
    expectNoSecret(list.body, body.key!)
    expect((await keyRow(t, body.id))?.key_prefix).toBe(body.key!.slice(0, 12))
  })

  it('applies defaults: no description (null), the configured rate limit, no expiry', async () => {
    const body = expectStatus<KeyBody>(await t.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Write', site_id: a.id }), 200)
    expect(body).toMatchObject({ description: null, rate_limit_per_minute: 20_000, expires_at: null, status: 'Active' })
  })

  it('the database default is the same 20,000, so a key inserted without a limit is never a 1000 key', async () => {
    const res = await t.dbh.db.execute(
      sql`select column_default from information_schema.columns where table_name = 'api_keys' and column_name = 'rate_limit_per_minute'`,
    )
    expect(rowsOf<{ column_default: string }>(res)[0]?.column_default).toBe('20000')
  })

  it('ATRIUM_DEFAULT_KEY_RATE_LIMIT sets the limit of new keys; keys that exist keep theirs', async () => {
    const before = expectStatus<KeyBody>(await t.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 200)
    const other = await testApp({ dbh: t.dbh, env: { ATRIUM_DEFAULT_KEY_RATE_LIMIT: '600', ATRIUM_BOOTSTRAP_KEY: t.masterKey } })
    try {
      const after = expectStatus<KeyBody>(await other.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 200)
      expect(after.rate_limit_per_minute).toBe(600)
      expect(expectStatus<KeyBody>(await other.as(t.masterKey).get(`/api-keys/${before.id}`), 200).rate_limit_per_minute).toBe(20_000)
    } finally {
      await other.close()
    }
  })

  it('generates a different key every time', async () => {
    const make = async () => expectStatus<KeyBody>(await t.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 200).key
    const [k1, k2] = await Promise.all([make(), make()])
    expect(k1).not.toBe(k2)
  })

  it('ignores unknown fields (status, key_digest) instead of storing them', async () => {
    const res = await t.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id, status: 'Blocked', key_digest: 'x', key: 'atr_mine' })
    const body = expectStatus<KeyBody>(res, 200)
    expect(body.status).toBe('Active')
    expect(body.key).not.toBe('atr_mine')
    expect((await keyRow(t, body.id))?.key_digest).not.toBe('x')
  })

  it.each([
    ['name missing', { permission: 'Read' }, 'name'],
    ['name empty', { name: '', permission: 'Read' }, 'name'],
    ['name too long', { name: 'x'.repeat(201), permission: 'Read' }, 'name'],
    ['permission missing', { name: 'n' }, 'permission'],
    ['permission unknown', { name: 'n', permission: 'Owner' }, 'permission'],
    ['permission lower case', { name: 'n', permission: 'read' }, 'permission'],
    ['site_id not a uuid', { name: 'n', permission: 'Read', site_id: 'abc' }, 'site_id'],
    ['rate limit zero', { name: 'n', permission: 'Read', rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
    ['rate limit a string', { name: 'n', permission: 'Read', rate_limit_per_minute: '50' }, 'rate_limit_per_minute'],
    ['rate limit fractional', { name: 'n', permission: 'Read', rate_limit_per_minute: 1.5 }, 'rate_limit_per_minute'],
    ['expires_at not a timestamp', { name: 'n', permission: 'Read', expires_at: 'tomorrow' }, 'expires_at'],
    ['expires_at in the past', { name: 'n', permission: 'Read', expires_at: '2000-01-01T00:00:00Z' }, 'expires_at'],
    ['description not a string', { name: 'n', permission: 'Read', description: 5 }, 'description'],
  ])('400 VALIDATION_FAILED: %s', async (_what, body, field) => {
    const payload = { site_id: a.id, ...body }
    const res = await t.as(t.masterKey).post('/api-keys', payload)
    expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(fields(res)).toContain(field)
  })

  it('400 for a body that is not JSON or not an object', async () => {
    const bad = await t.as(t.masterKey).post('/api-keys', '{"name":', { 'content-type': 'application/json' })
    expectProblem(bad, 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(t.masterKey).post('/api-keys', [1, 2]), 400, 'VALIDATION_FAILED')
  })

  it('refuses with nothing created: 401 without a usable key', async () => {
    const before = expectStatus<KeyPage>(await t.as(t.masterKey).get('/api-keys?per_page=1'), 200).meta.total
    expectProblem(await t.as().post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 401, 'UNAUTHENTICATED')
    expectProblem(
      await t.as('atr_unknownunknownunknownunknownunknownunknownu').post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }),
      401,
      'UNAUTHENTICATED',
    )
    expectProblem(await t.as('short').post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as('x'.repeat(500)).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 401, 'UNAUTHENTICATED')
    expect(expectStatus<KeyPage>(await t.as(t.masterKey).get('/api-keys?per_page=1'), 200).meta.total).toBe(before)
  })

  it('403 for Read and Write keys', async () => {
    for (const key of [a.keys.Read, a.keys.Write]) {
      expectProblem(await t.as(key).post('/api-keys', { name: 'n', permission: 'Read', site_id: a.id }), 403, 'FORBIDDEN')
    }
  })

  it('404 for a site out of reach or unknown', async () => {
    expectProblem(await t.as(a.keys.Admin).post('/api-keys', { name: 'n', permission: 'Read', site_id: b.id }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).post('/api-keys', { name: 'n', permission: 'Read', site_id: MISSING_ID }), 404, 'NOT_FOUND')
  })
})

describe('GET /api-keys', () => {
  it('lists keys newest first with page meta', async () => {
    const page = expectStatus<KeyPage>(await t.as(t.masterKey).get('/api-keys?per_page=3'), 200)
    expect(page.data).toHaveLength(3)
    expect(page.meta.page).toBe(1)
    expect(page.meta.per_page).toBe(3)
    expect(page.meta.total_pages).toBe(Math.ceil(page.meta.total / 3))
    const times = page.data.map((k) => Date.parse(k.created_at))
    expect([...times].sort((x, y) => y - x)).toEqual(times)
  })

  it('defaults to 10 per page and walks every page without overlap', async () => {
    const first = expectStatus<KeyPage>(await t.as(t.masterKey).get('/api-keys'), 200)
    expect(first.meta.per_page).toBe(10)
    const seen = new Set<string>()
    for (let page = 1; page <= Math.ceil(first.meta.total / 4); page++) {
      const p = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?per_page=4&page=${page}`), 200)
      for (const k of p.data) seen.add(k.id)
    }
    expect(seen.size).toBe(first.meta.total)
  })

  it('a page beyond the end is empty with the true totals', async () => {
    const all = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${a.id}&per_page=5`), 200)
    const res = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${a.id}&per_page=5&page=999`), 200)
    expect(res.data).toEqual([])
    expect(res.meta).toEqual({ page: 999, per_page: 5, total: all.meta.total, total_pages: all.meta.total_pages })
    expect(all.meta.total).toBeGreaterThan(0)
  })

  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['status=Deleted', 'status'],
    ['status=active', 'status'],
    ['permission=Owner', 'permission'],
    ['site_id=nope', 'site_id'],
  ])('400 VALIDATION_FAILED for %s', async (qs, field) => {
    const res = await t.as(t.masterKey).get(`/api-keys?${qs}`)
    expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(fields(res)).toContain(field)
  })

  it('filters by permission, site and status, and combines them', async () => {
    const byPerm = expectStatus<KeyPage>(await t.as(t.masterKey).get('/api-keys?permission=Write&per_page=100'), 200)
    expect(byPerm.data.length).toBeGreaterThan(0)
    expect(byPerm.data.every((k) => k.permission === 'Write')).toBe(true)

    const bySite = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${b.id}&per_page=100`), 200)
    expect(bySite.data.map((k) => k.id).sort()).toEqual(Object.values(b.keyIds).sort())
    expect(bySite.meta.total).toBe(4)

    const both = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${b.id}&permission=Admin`), 200)
    expect(both.data.map((k) => k.id)).toEqual([b.keyIds.Admin])

    const k = await makeKey(t, 'Read', b.id)
    expectStatus(await t.as(t.masterKey).post(`/api-keys/${k.id}/block`, { reason: 'test' }), 200)
    const blocked = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${b.id}&status=Blocked`), 200)
    expect(blocked.data.map((x) => x.id)).toEqual([k.id])
    expect(blocked.meta.total).toBe(1)
    const active = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${b.id}&status=Active&per_page=100`), 200)
    expect(active.data.map((x) => x.id)).not.toContain(k.id)
    expect(active.meta.total).toBe(4)
    const none = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${b.id}&status=Revoked`), 200)
    expect(none).toEqual({ data: [], meta: { page: 1, per_page: 10, total: 0, total_pages: 0 } })
  })

  it("a site-scoped Admin key sees only its site's keys", async () => {
    const page = expectStatus<KeyPage>(await t.as(a.keys.Admin).get('/api-keys?per_page=100'), 200)
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.every((k) => k.site_id === a.id)).toBe(true)
    const master = expectStatus<KeyPage>(await t.as(t.masterKey).get(`/api-keys?site_id=${a.id}&per_page=100`), 200)
    expect(page.meta.total).toBe(master.meta.total)
    // Asking for another site's keys, or the unscoped ones, finds nothing.
    const other = expectStatus<KeyPage>(await t.as(a.keys.Admin).get(`/api-keys?site_id=${b.id}`), 200)
    expect(other.data).toEqual([])
    expect(other.meta.total).toBe(0)
    const masters = expectStatus<KeyPage>(await t.as(a.keys.Admin).get('/api-keys?permission=Master&per_page=100'), 200)
    expect(masters.data.map((k) => k.id)).toEqual([a.keyIds.Master])
  })

  it('401 without a key, 403 for Read and Write keys', async () => {
    expectProblem(await t.as().get('/api-keys'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get('/api-keys'), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).get('/api-keys'), 403, 'FORBIDDEN')
  })
})

describe('GET /api-keys/{id}', () => {
  it('answers the key without secrets', async () => {
    const res = await t.as(a.keys.Admin).get(`/api-keys/${a.keyIds.Read}`)
    const body = expectStatus<KeyBody>(res, 200)
    expect(body).toMatchObject({ id: a.keyIds.Read, permission: 'Read', site_id: a.id, status: 'Active', block_reason: null })
    expectNoSecret(res.body, a.keys.Read)
    expect(Object.keys(body).sort()).toEqual(
      [
        'block_reason',
        'created_at',
        'description',
        'expires_at',
        'id',
        'key_prefix',
        'last_used_at',
        'name',
        'permission',
        'rate_limit_per_minute',
        'site_id',
        'status',
        'updated_at',
      ].sort(),
    )
  })

  it('404 for an unknown id, a key of another site, or an unscoped key seen by a scoped key', async () => {
    expectProblem(await t.as(t.masterKey).get(`/api-keys/${MISSING_ID}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).get(`/api-keys/${b.keyIds.Read}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Master).get(`/api-keys/${b.keyIds.Master}`), 404, 'NOT_FOUND')
    const unscoped = await makeKey(t, 'Admin', null)
    expectProblem(await t.as(a.keys.Master).get(`/api-keys/${unscoped.id}`), 404, 'NOT_FOUND')
  })

  it('400 for an id that is not a UUID; 401; 403 for Read/Write keys of the same site', async () => {
    const res = await t.as(t.masterKey).get('/api-keys/not-a-uuid')
    expectProblem(res, 400, 'VALIDATION_FAILED')
    expect(fields(res)).toContain('id')
    expectProblem(await t.as().get(`/api-keys/${a.keyIds.Read}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get(`/api-keys/${a.keyIds.Read}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).get(`/api-keys/${a.keyIds.Read}`), 403, 'FORBIDDEN')
    // Too little permission on another site's key is still "not found".
    expectProblem(await t.as(a.keys.Write).get(`/api-keys/${b.keyIds.Read}`), 404, 'NOT_FOUND')
  })
})

describe('PUT /api-keys/{id}', () => {
  it('edits name, description, rate limit and expiry; the new limit applies at once', async () => {
    const k = await makeKey(t, 'Read', a.id)
    const expires = new Date(t.clock.now().getTime() + 86_400_000).toISOString()
    const res = await t.as(a.keys.Admin).put(`/api-keys/${k.id}`, { name: 'Renamed', description: 'd', rate_limit_per_minute: 77, expires_at: expires })
    const body = expectStatus<KeyBody>(res, 200)
    expect(body).toMatchObject({ name: 'Renamed', description: 'd', rate_limit_per_minute: 77, expires_at: expires, permission: 'Read', site_id: a.id })
    expectNoSecret(res.body, k.key)
    const used = await t.as(k.key).get('/auth/me')
    expect(used.statusCode).toBe(200)
    expect(used.headers['ratelimit-limit']).toBe('77')
    // expires_at can be cleared again.
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).put(`/api-keys/${k.id}`, { expires_at: null }), 200).expires_at).toBeNull()
    // description is cleared with null (unset text is null, never "").
    expect(expectStatus<KeyBody>(await t.as(a.keys.Admin).put(`/api-keys/${k.id}`, { description: null }), 200).description).toBeNull()
  })

  it('permission and site are fixed: changing only them is an empty update (400)', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expectProblem(await t.as(t.masterKey).put(`/api-keys/${k.id}`, { permission: 'Master' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(t.masterKey).put(`/api-keys/${k.id}`, { site_id: b.id }), 400, 'VALIDATION_FAILED')
    const mixed = expectStatus<KeyBody>(await t.as(t.masterKey).put(`/api-keys/${k.id}`, { name: 'x', permission: 'Master', site_id: b.id }), 200)
    expect(mixed).toMatchObject({ name: 'x', permission: 'Read', site_id: a.id })
  })

  it.each([
    ['an empty body', {}, undefined],
    ['an empty name', { name: '' }, 'name'],
    ['a zero rate limit', { rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
    ['a past expiry', { expires_at: '2001-01-01T00:00:00.000Z' }, 'expires_at'],
    ['a malformed expiry', { expires_at: 'soon' }, 'expires_at'],
  ])('400 VALIDATION_FAILED for %s, changing nothing', async (_what, body, field) => {
    const k = await makeKey(t, 'Read', a.id)
    const before = await keyRow(t, k.id)
    const res = await t.as(t.masterKey).put(`/api-keys/${k.id}`, body)
    expectProblem(res, 400, 'VALIDATION_FAILED')
    if (field) expect(fields(res)).toContain(field)
    expect(await keyRow(t, k.id)).toEqual(before)
  })

  it('401, 403 for Read/Write keys, 404 for another site', async () => {
    expectProblem(await t.as().put(`/api-keys/${a.keyIds.Read}`, { name: 'x' }), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Write).put(`/api-keys/${a.keyIds.Read}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).put(`/api-keys/${a.keyIds.Read}`, { name: 'x' }), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).put(`/api-keys/${b.keyIds.Read}`, { name: 'x' }), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).put(`/api-keys/${MISSING_ID}`, { name: 'x' }), 404, 'NOT_FOUND')
  })
})

describe('DELETE /api-keys/{id}', () => {
  it('deletes for good: 204, then 404, and the key stops working', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expectStatus(await t.as(k.key).get('/auth/me'), 200)
    const res = await t.as(a.keys.Admin).delete(`/api-keys/${k.id}`)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expectProblem(await t.as(a.keys.Admin).get(`/api-keys/${k.id}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Admin).delete(`/api-keys/${k.id}`), 404, 'NOT_FOUND')
    expect(await keyRow(t, k.id)).toBeUndefined()
  })

  it('401, 403 for Read/Write keys, 404 for another site, 400 for a bad id; nothing deleted', async () => {
    expectProblem(await t.as().delete(`/api-keys/${a.keyIds.Read}`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Write).delete(`/api-keys/${a.keyIds.Read}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Read).delete(`/api-keys/${a.keyIds.Read}`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).delete(`/api-keys/${b.keyIds.Read}`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Admin).delete('/api-keys/1234'), 400, 'VALIDATION_FAILED')
    expect(await keyRow(t, a.keyIds.Read)).toBeDefined()
    expect(await keyRow(t, b.keyIds.Read)).toBeDefined()
  })
})
