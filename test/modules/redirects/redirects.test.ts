import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'
import { describeSiteResource } from '../../helpers/resource-suite.js'

/* Redirects (spec "Redirects"): the site-resource contract, plus uniqueness, source ≠ destination and the lookup. */
describeSiteResource({
  name: 'redirect',
  path: 'redirects',
  entity: 'redirect',
  events: 'redirect',
  createIn: 'path',
  list: 'page',
  create: (n) => ({ source_path: `/old-${n}-${Math.random().toString(36).slice(2, 8)}`, destination_path: '/new' }),
  update: { body: { destination_path: '/newer', status_code: 302 }, field: 'destination_path' },
  invalid: [
    { body: { destination_path: '/x' }, field: 'source_path' },
    { body: { source_path: 'no-slash', destination_path: '/x' }, field: 'source_path' },
    { body: { source_path: '/a', destination_path: 'javascript:alert(1)' }, field: 'destination_path' },
    { body: { source_path: '/a', destination_path: '/b', status_code: 307 }, field: 'status_code' },
    { body: { source_path: '/same', destination_path: '/same' }, field: 'destination_path' },
    { body: { status_code: 303 }, field: 'status_code', on: 'update' },
  ],
  levels: { write: 'Write', delete: 'Write' },
})

describe('redirect rules and lookup', () => {
  let t: TestApp
  let a: SiteFixture
  beforeAll(async () => {
    t = await testApp()
    a = await makeSite(t)
  })
  afterAll(() => t.close())

  it('a source_path has one live redirect per site (409); deleting frees it', async () => {
    const first = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: '/dup', destination_path: '/one' }),
      201,
    )
    expectProblem(await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: '/dup', destination_path: '/two' }), 409, 'CONFLICT')
    expect((await t.as(a.keys.Write).delete(`/redirects/${first.id}`)).statusCode).toBe(204)
    const second = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: '/dup', destination_path: '/two' }),
      201,
    )
    // An update may not make source and destination equal either, whichever side it changes.
    expectProblem(await t.as(a.keys.Write).put(`/redirects/${second.id}`, { destination_path: '/dup' }), 400, 'VALIDATION_FAILED')
    expectProblem(await t.as(a.keys.Write).put(`/redirects/${second.id}`, { source_path: '/two' }), 400, 'VALIDATION_FAILED')
  })

  it('lookup answers the active redirect of a path, 404 for none or an inactive one', async () => {
    const r = expectStatus<{ id: string }>(
      await t.as(a.keys.Write).post(`/sites/${a.id}/redirects`, { source_path: '/from', destination_path: 'https://example.org/to', status_code: 302 }),
      201,
    )
    expect(expectStatus(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup?path=/from`), 200)).toEqual({
      destination_path: 'https://example.org/to',
      status_code: 302,
    })
    expectStatus(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup?path=from`), 200)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup?path=/elsewhere`), 404, 'NOT_FOUND')
    expectStatus(await t.as(a.keys.Write).put(`/redirects/${r.id}`, { is_active: false }), 200)
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup?path=/from`), 404, 'NOT_FOUND')
    expectProblem(await t.as(a.keys.Read).get(`/sites/${a.id}/redirects/lookup`), 400, 'VALIDATION_FAILED')
  })
})
