import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { App } from '../../src/app.js'
import { openDb } from '../../src/db/client.js'
import { RedisCache } from '../../src/platform/cache/redis.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { uid } from '../helpers/factories.js'
import { expectFullProblem, rawApp } from './support.js'

interface Service {
  name: string
  status: 'up' | 'down' | 'disabled'
  latency_ms: number
  error: string | null
}
interface HealthBody {
  status: 'healthy' | 'degraded' | 'unhealthy'
  services: Service[]
  storage: Service & { provider: string; total_bytes: number | null; available_bytes: number | null; used_percent: number | null }
  checked_at: string
}

const getHealth = async (app: App, expectedStatus: number) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/health' })
  expect(res.statusCode, res.body).toBe(expectedStatus)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.headers['x-request-id']).toBeTruthy()
  const body = res.json<HealthBody>()
  expect(body.services.map((s) => s.name)).toEqual(['database', 'cache', 'identity_provider'])
  for (const s of [...body.services, body.storage]) {
    expect(Number.isInteger(s.latency_ms)).toBe(true)
    expect(s.latency_ms).toBeGreaterThanOrEqual(0)
    expect(s.status === 'down' ? typeof s.error : s.error).toBe(s.status === 'down' ? 'string' : null)
  }
  return { body, raw: res.body, service: (name: string) => body.services.find((s) => s.name === name)! }
}

/** A loopback JWKS endpoint: answers `status` with an empty key set and counts its hits. */
async function jwksServer(status = 200) {
  let hits = 0
  const server = http.createServer((_req, res) => {
    hits++
    res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"keys":[]}' : '{"error":"boom"}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('healthy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp()
  })
  afterAll(() => t.close())

  it('reports database, cache, identity provider (disabled without ATRIUM_JWKS_URL) and storage', async () => {
    const { body, service } = await getHealth(t.app, 200)
    expect(body.status).toBe('healthy')
    expect(service('database').status).toBe('up')
    expect(service('cache').status).toBe('up')
    expect(service('identity_provider')).toEqual({ name: 'identity_provider', status: 'disabled', latency_ms: 0, error: null })
    const st = body.storage
    expect(st).toMatchObject({ name: 'storage', status: 'up', provider: 'local', error: null })
    expect(Number.isInteger(st.total_bytes)).toBe(true)
    expect(st.total_bytes).toBeGreaterThan(0)
    expect(st.available_bytes).toBeGreaterThanOrEqual(0)
    expect(st.available_bytes).toBeLessThanOrEqual(st.total_bytes!)
    expect(st.used_percent).toBeGreaterThanOrEqual(0)
    expect(st.used_percent).toBeLessThanOrEqual(100)
    expect(new Date(body.checked_at).toISOString()).toBe(body.checked_at)
  })
})

describe('identity provider', () => {
  it('up against a reachable JWKS endpoint; results are cached for 5 seconds', async () => {
    const jwks = await jwksServer(200)
    const t = await testApp({ env: { ATRIUM_JWKS_URL: jwks.url } })
    try {
      const first = await getHealth(t.app, 200)
      expect(first.body.status).toBe('healthy')
      expect(first.service('identity_provider')).toMatchObject({ status: 'up', error: null })
      expect(jwks.hits()).toBe(1)
      // Within 5 s: the same report, no new check.
      const second = await getHealth(t.app, 200)
      expect(second.body.checked_at).toBe(first.body.checked_at)
      expect(jwks.hits()).toBe(1)
      // After 5 s: checked again.
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.now() + 5_100)
      const third = await getHealth(t.app, 200)
      vi.useRealTimers()
      expect(third.body.checked_at).not.toBe(first.body.checked_at)
      expect(jwks.hits()).toBe(2)
    } finally {
      vi.useRealTimers()
      await t.close()
      await jwks.close()
    }
  })

  it('down (and the service degraded, HTTP 200) when the JWKS endpoint answers 500 or is unreachable', async () => {
    const failing = await jwksServer(500)
    const gone = await jwksServer(200)
    await gone.close()
    for (const [url, reason] of [
      [failing.url, 'JWKS endpoint answered 500'],
      [gone.url, 'connection refused'],
    ] as const) {
      const t = await testApp({ env: { ATRIUM_JWKS_URL: url } })
      try {
        const { body, service } = await getHealth(t.app, 200)
        expect(body.status).toBe('degraded')
        expect(service('identity_provider')).toMatchObject({ status: 'down', error: reason })
        expect(service('database').status).toBe('up')
      } finally {
        await t.close()
      }
    }
    expect(failing.hits()).toBe(1)
    await failing.close()
  })
})

describe('degraded and unhealthy', () => {
  it('cache down → 200 degraded, and the API keeps serving', async () => {
    const dead = new RedisCache('redis://127.0.0.1:1', `atrium:t:dead-${uid()}:`)
    const t = await testApp({ cache: dead })
    try {
      const { body, service, raw } = await getHealth(t.app, 200)
      expect(body.status).toBe('degraded')
      expect(service('cache')).toMatchObject({ status: 'down', error: 'connection refused' })
      expect(service('database').status).toBe('up')
      expect(raw).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|redis:/)
      const sites = await t.as(t.masterKey).get('/sites')
      expect(sites.statusCode).toBe(200)
    } finally {
      await t.close()
      await dead.close()
    }
  })

  it('database server unreachable → 503 unhealthy without revealing where it is; other endpoints answer 503 problems', async () => {
    const dbh = await openDb({ databaseUrl: 'postgres://postgres:pw@127.0.0.1:1/none', poolSize: 1 })
    const r = await rawApp(dbh)
    try {
      await r.app.ready()
      const { body, service, raw } = await getHealth(r.app, 503)
      expect(body.status).toBe('unhealthy')
      expect(service('database')).toMatchObject({ status: 'down', error: 'connection refused' })
      expect(service('cache').status).toBe('up')
      expect(raw).not.toMatch(/127\.0\.0\.1|postgres|none/)
      const res = await r.app.inject({ method: 'GET', url: '/api/v1/sites', headers: { 'x-api-key': `atr_${'x'.repeat(43)}` } })
      expectFullProblem(res, 503, 'SERVICE_UNAVAILABLE')
      expect(res.headers['retry-after']).toMatch(/^\d+$/)
    } finally {
      await r.close()
      await dbh.close()
    }
  })

  it('embedded database closed → 503 unhealthy', async () => {
    const pgl = await PGlite.create()
    const dbh = await openDb({ pglite: pgl })
    await pgl.close()
    const r = await rawApp(dbh)
    try {
      await r.app.ready()
      const { body, service } = await getHealth(r.app, 503)
      expect(body.status).toBe('unhealthy')
      expect(service('database')).toMatchObject({ status: 'down', error: 'connection closed' })
    } finally {
      await r.close()
    }
  })
})
