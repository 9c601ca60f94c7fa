import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../src/db/client.js'
import { migrate } from '../../src/db/migrate.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { rawApp } from './support.js'

let t: TestApp

beforeAll(async () => {
  // Two unauthenticated requests a minute per IP: anything rate limited is refused from the third on.
  t = await testApp({ env: { ATRIUM_RATE_LIMIT_PER_IP: '2' } })
})
afterAll(() => t.close())

const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('health probes', () => {
  it('live and ready answer 200 without credentials and are never rate limited', async () => {
    for (let i = 0; i < 5; i++) {
      const live = await get(t.app, '/api/v1/health/live')
      expect(live.statusCode).toBe(200)
      expect(live.json()).toEqual({ status: 'ok' })
      const ready = await get(t.app, '/api/v1/health/ready')
      expect(ready.statusCode, ready.body).toBe(200)
      expect(ready.json()).toEqual({ status: 'ready', reason: null })
      expect(ready.headers['ratelimit-limit']).toBeUndefined()
      expect(ready.headers['x-request-id']).toBeTruthy()
    }
    // The same caller is limited elsewhere: the probes are exempt, not the limit broken.
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await get(t.app, '/api/v1/config')).statusCode)
    expect(statuses).toEqual([200, 200, 429])
    expect((await get(t.app, '/api/v1/health/live')).statusCode).toBe(200)
  })

  it('ready is 503 while migrations are pending and 200 once they are applied; live is 200 throughout', async () => {
    const dbh = await openDb({}) // an empty in-memory database
    const r = await rawApp(dbh)
    try {
      await r.app.ready()
      const pending = await get(r.app, '/api/v1/health/ready')
      expect(pending.statusCode).toBe(503)
      expect(pending.json()).toMatchObject({ status: 'not_ready', reason: expect.stringMatching(/^\d+ migrations pending$/) })
      expect((await get(r.app, '/api/v1/health/live')).statusCode).toBe(200)
      await migrate(dbh)
      await sleep(1100) // past the one-second memo of the check
      const ready = await get(r.app, '/api/v1/health/ready')
      expect(ready.statusCode, ready.body).toBe(200)
    } finally {
      await r.close()
      await dbh.close()
    }
  }, 120_000)

  it('ready is 503 when the database does not answer; live stays 200', async () => {
    const dbh = await openDb({ databaseUrl: 'postgres://postgres:pw@127.0.0.1:1/none', poolSize: 1 })
    const r = await rawApp(dbh)
    try {
      await r.app.ready()
      const res = await get(r.app, '/api/v1/health/ready')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'database connection refused' })
      expect(res.body).not.toMatch(/127\.0\.0\.1|postgres/)
      expect((await get(r.app, '/api/v1/health/live')).statusCode).toBe(200)
    } finally {
      await r.close()
      await dbh.close()
    }
  })
})
