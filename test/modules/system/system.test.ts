import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../../helpers/app.js'
import { expectProblem, expectStatus } from '../../helpers/http.js'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

describe('system endpoints', () => {
  it('GET / answers the version as plain text', async () => {
    const res = await t.as().get('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe(t.config.version)
  })

  it('GET /config answers the public settings', async () => {
    const body = expectStatus(await t.as().get('/config'), 200)
    expect(body).toEqual({ idp_publishable_key: '', app_name: 'Atrium', oidc: null, admin_url: `${t.config.publicUrl}/admin/` })
  })

  it('GET /health reports every backing service', async () => {
    const body = expectStatus<{ status: string; services: Array<{ name: string; status: string }>; storage: { provider: string; total_bytes: number } }>(
      await t.as().get('/health'),
      200,
    )
    expect(body.status).toBe('healthy')
    expect(body.services.map((s) => s.name)).toEqual(['database', 'cache', 'identity_provider'])
    expect(body.services.find((s) => s.name === 'identity_provider')?.status).toBe('disabled')
    expect(body.storage.provider).toBe('local')
    expect(body.storage.total_bytes).toBeGreaterThan(0)
  })

  it('echoes a valid X-Request-Id and makes one otherwise', async () => {
    const echoed = await t.as().get('/', { 'x-request-id': 'abc-123' })
    expect(echoed.headers['x-request-id']).toBe('abc-123')
    const made = await t.as().get('/', { 'x-request-id': 'bad id with spaces' })
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers unknown routes with a problem', async () => {
    expectProblem(await t.as().get('/no-such-thing'), 404, 'NOT_FOUND')
  })
})
