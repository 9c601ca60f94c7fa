import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectProblem } from '../helpers/http.js'

let t: TestApp
let site: SiteFixture
beforeAll(async () => {
  t = await testApp()
  site = await makeSite(t)
})
afterAll(() => t.close())

const json = { 'content-type': 'application/json' }

describe('access is decided before the body is read', () => {
  it('answers 401 to an anonymous write with a malformed body', async () => {
    expectProblem(await t.as().put(`/sites/${site.id}`, '{not json', json), 401, 'UNAUTHENTICATED')
  })

  it('answers 403 to a Read key whatever its body', async () => {
    expectProblem(await t.as(site.keys.Read).put(`/sites/${site.id}`, '{not json', json), 403, 'FORBIDDEN')
    expectProblem(await t.as(site.keys.Read).put(`/sites/${site.id}`, 'x'.repeat(2 * 1024 * 1024), json), 403, 'FORBIDDEN')
  })

  it('answers 404 for another site before looking at the body', async () => {
    const other = await makeSite(t)
    expectProblem(await t.as(other.keys.Admin).put(`/sites/${site.id}`, '{not json', json), 404, 'NOT_FOUND')
  })

  it('still validates the body of a caller who may write', async () => {
    expectProblem(await t.as(site.keys.Admin).put(`/sites/${site.id}`, '{not json', json), 400, 'VALIDATION_FAILED')
    const body = expectProblem(await t.as(site.keys.Admin).put(`/sites/${site.id}`, { unknown: 1 }), 400, 'VALIDATION_FAILED')
    expect(body.errors).toEqual([{ field: 'body', message: 'must contain at least one updatable field' }])
  })
})
