import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { MISSING_ID, makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { keyRow, sleep, type KeyBody } from './helpers.js'

let t: TestApp
let a: SiteFixture
let b: SiteFixture

beforeAll(async () => {
  t = await testApp()
  a = await makeSite(t)
  b = await makeSite(t)
})
afterAll(() => t.close())

interface UsageRow {
  id: string
  method: string
  path: string
  status_code: number
  ip_hash: string
  created_at: string
}
interface UsagePage {
  data: UsageRow[]
  meta: { limit: number; offset: number; total: number }
}

const usageOf = async (id: string, qs = '') => expectStatus<UsagePage>(await t.as(t.masterKey).get(`/api-keys/${id}/usage${qs}`), 200)

describe('GET /api-keys/{id}/usage', () => {
  it('records every authenticated request of the key, newest first', async () => {
    const k = await makeKey(t, 'Read', a.id)
    expect(await usageOf(k.id)).toEqual({ data: [], meta: { limit: 50, offset: 0, total: 0 } })

    // Distinct milliseconds, so "newest first" is well defined.
    expect((await t.as(k.key).get('/auth/me')).statusCode).toBe(200)
    await sleep(5)
    expect((await t.as(k.key).get('/api-keys?page=2')).statusCode).toBe(403)
    await sleep(5)
    expect((await t.as(k.key).get(`/sites/${a.id}`)).statusCode).toBe(200)
    await sleep(5)
    expect((await t.as(k.key).post('/api-keys', { name: 'x', permission: 'Read' })).statusCode).toBe(403)

    const page = await usageOf(k.id)
    expect(page.meta).toEqual({ limit: 50, offset: 0, total: 4 })
    expect(page.data.map((u) => [u.method, u.path, u.status_code])).toEqual([
      ['POST', '/api/v1/api-keys', 403],
      ['GET', `/api/v1/sites/${a.id}`, 200],
      ['GET', '/api/v1/api-keys', 403],
      ['GET', '/api/v1/auth/me', 200],
    ])
    const times = page.data.map((u) => Date.parse(u.created_at))
    expect([...times].sort((x, y) => y - x)).toEqual(times)
    for (const u of page.data) {
      expect(u.created_at).toMatch(/Z$/)
      // A salted hash: never the address itself.
      expect(u.ip_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(u.ip_hash).not.toContain('127.0.0.1')
      expect(Object.keys(u).sort()).toEqual(['created_at', 'id', 'ip_hash', 'method', 'path', 'status_code'])
    }
    // last_used_at follows usage.
    expect(expectStatus<KeyBody>(await t.as(t.masterKey).get(`/api-keys/${k.id}`), 200).last_used_at).not.toBeNull()

    // limit/offset page through it.
    const second = await usageOf(k.id, '?limit=2&offset=1')
    expect(second.meta).toEqual({ limit: 2, offset: 1, total: 4 })
    expect(second.data.map((u) => u.id)).toEqual(page.data.slice(1, 3).map((u) => u.id))
    const beyond = await usageOf(k.id, '?offset=10')
    expect(beyond).toEqual({ data: [], meta: { limit: 50, offset: 10, total: 4 } })
  })

  it("only the key's own requests; refused credentials record nothing", async () => {
    const k = await makeKey(t, 'Read', a.id)
    const other = await makeKey(t, 'Read', a.id)
    await t.as(other.key).get('/auth/me')
    await t.as().get('/auth/me')
    await t.as(`${k.key}x`).get('/auth/me')
    expectStatus(await t.as(t.masterKey).post(`/api-keys/${k.id}/block`), 200)
    expectProblem(await t.as(k.key).get('/auth/me'), 401, 'UNAUTHENTICATED')
    expect((await usageOf(k.id)).meta.total).toBe(0)
    expect((await usageOf(other.id)).meta.total).toBe(1)
  })

  it('usage goes with a deleted key', async () => {
    const k = await makeKey(t, 'Read', a.id)
    await t.as(k.key).get('/auth/me')
    expect((await usageOf(k.id)).meta.total).toBe(1)
    expect((await t.as(t.masterKey).delete(`/api-keys/${k.id}`)).statusCode).toBe(204)
    expectProblem(await t.as(t.masterKey).get(`/api-keys/${k.id}/usage`), 404, 'NOT_FOUND')
    expect(await keyRow(t, k.id)).toBeUndefined()
  })

  it.each([
    ['limit=501', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
  ])('400 VALIDATION_FAILED for %s', async (qs, field) => {
    const res = await t.as(t.masterKey).get(`/api-keys/${a.keyIds.Read}/usage?${qs}`)
    expect(expectProblem(res, 400, 'VALIDATION_FAILED').errors?.map((e) => e.field)).toContain(field)
  })

  it('accepts the largest limit', async () => {
    expect((await usageOf(a.keyIds.Read, '?limit=500')).meta.limit).toBe(500)
  })

  it('401, 403 for Read/Write keys, 404 for another site or an unknown key', async () => {
    expectProblem(await t.as().get(`/api-keys/${a.keyIds.Read}/usage`), 401, 'UNAUTHENTICATED')
    expectProblem(await t.as(a.keys.Read).get(`/api-keys/${a.keyIds.Read}/usage`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Write).get(`/api-keys/${a.keyIds.Read}/usage`), 403, 'FORBIDDEN')
    expectProblem(await t.as(a.keys.Admin).get(`/api-keys/${b.keyIds.Read}/usage`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get(`/api-keys/${MISSING_ID}/usage`), 404, 'NOT_FOUND')
    expectProblem(await t.as(t.masterKey).get('/api-keys/nope/usage'), 400, 'VALIDATION_FAILED')
    expectStatus(await t.as(a.keys.Admin).get(`/api-keys/${a.keyIds.Master}/usage`), 200)
  })
})
