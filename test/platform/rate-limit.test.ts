import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sites } from '../../src/db/schema/sites.js'
import { openCache } from '../../src/platform/cache/index.js'
import { ipBucket } from '../../src/platform/cache/rate-counter.js'
import { RedisCache } from '../../src/platform/cache/redis.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, uid, type SiteFixture } from '../helpers/factories.js'
import type { Res } from '../helpers/http.js'
import { awayFromMinuteEdge, expectFullProblem } from './support.js'

const PER_IP = 3
let t: TestApp
let site: SiteFixture

beforeAll(async () => {
  t = await testApp({ env: { ATRIUM_RATE_LIMIT_PER_IP: String(PER_IP) } })
  site = await makeSite(t)
})
afterAll(() => t.close())

interface Call {
  method?: 'GET' | 'PUT' | 'POST'
  url: string
  ip?: string
  key?: string
  headers?: Record<string, string>
  body?: object
}
const call = (app: TestApp, c: Call): Promise<Res> =>
  app.app.inject({
    method: c.method ?? 'GET',
    url: `/api/v1${c.url}`,
    remoteAddress: c.ip ?? '127.0.0.1',
    headers: { ...(c.key ? { 'x-api-key': c.key } : {}), ...c.headers },
    ...(c.body ? { payload: c.body } : {}),
  })

/** A fresh client address per test, so budgets of one test do not leak into the next. */
let ipSeq = 0
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`

/** A site key with its own small per-minute limit, created through the API. */
async function limitedKey(app: TestApp, permission: string, limit: number, siteId = site.id): Promise<string> {
  const res = await call(app, {
    method: 'POST',
    url: '/api-keys',
    key: app.masterKey,
    body: { name: `limited ${uid()}`, permission, site_id: siteId, rate_limit_per_minute: limit },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ key: string }>().key
}

function expectHeaders(res: Res, limit: number, remaining: number) {
  expect(res.headers['ratelimit-limit']).toBe(String(limit))
  expect(res.headers['ratelimit-remaining']).toBe(String(remaining))
  const reset = Number(res.headers['ratelimit-reset'])
  expect(reset).toBeGreaterThanOrEqual(1)
  expect(reset).toBeLessThanOrEqual(60)
}

function expectLimited(res: Res, limit: number) {
  expectFullProblem(res, 429, 'RATE_LIMITED')
  expectHeaders(res, limit, 0)
  const retry = Number(res.headers['retry-after'])
  expect(retry).toBeGreaterThanOrEqual(1)
  expect(retry).toBeLessThanOrEqual(60)
  expect(res.headers['retry-after']).toBe(res.headers['ratelimit-reset'])
}

describe('per API key', () => {
  it('a key with rate_limit_per_minute 3 gets 3 requests, then 429 with Retry-After, from any address', async () => {
    const key = await limitedKey(t, 'Read', 3)
    await awayFromMinuteEdge()
    for (let i = 0; i < 3; i++) {
      const res = await call(t, { url: `/sites/${site.id}`, key, ip: nextIp() })
      expect(res.statusCode, res.body).toBe(200)
      expectHeaders(res, 3, 2 - i)
    }
    expectLimited(await call(t, { url: `/sites/${site.id}`, key, ip: nextIp() }), 3)
    // Other keys keep their own budget.
    const other = await call(t, { url: `/sites/${site.id}`, key: site.keys.Read })
    expect(other.statusCode).toBe(200)
    expect(Number(other.headers['ratelimit-remaining'])).toBeGreaterThan(100)
  })

  it('a rate-limited write is not carried out', async () => {
    const key = await limitedKey(t, 'Admin', 1)
    await awayFromMinuteEdge()
    expect((await call(t, { url: `/sites/${site.id}`, key })).statusCode).toBe(200)
    const before = (await t.dbh.db.select().from(sites).where(eq(sites.id, site.id)))[0]
    expectLimited(await call(t, { method: 'PUT', url: `/sites/${site.id}`, key, body: { name: 'renamed by a limited key' } }), 1)
    const after = (await t.dbh.db.select().from(sites).where(eq(sites.id, site.id)))[0]
    expect(after).toEqual(before)
  })

  it('every response carries the headers: success, 403, 400, 404 and unknown routes (by address)', async () => {
    const key = await limitedKey(t, 'Read', 50)
    await awayFromMinuteEdge()
    const responses = [
      await call(t, { url: '/sites', key }),
      await call(t, { url: '/api-keys?per_page=500', key }),
      await call(t, { url: '/sites/not-a-uuid', key }),
      await call(t, { url: '/sites/00000000-0000-4000-8000-000000000000', key }),
    ]
    expect(responses.map((r) => r.statusCode)).toEqual([200, 403, 400, 404])
    responses.forEach((r, i) => expectHeaders(r, 50, 49 - i))
    // An unknown route declares no access, so nothing is authenticated there: it counts against the address.
    const unknown = await call(t, { url: '/no-such-route', key, ip: nextIp() })
    expectFullProblem(unknown, 404, 'NOT_FOUND')
    expectHeaders(unknown, PER_IP, PER_IP - 1)
  })
})

describe('per client IP for unauthenticated calls', () => {
  it(`ATRIUM_RATE_LIMIT_PER_IP=${PER_IP}: public endpoints allow ${PER_IP} calls per address, then 429`, async () => {
    const ip = nextIp()
    await awayFromMinuteEdge()
    const urls = ['/', '/health', '/config']
    for (let i = 0; i < PER_IP; i++) {
      const res = await call(t, { url: urls[i % urls.length]!, ip })
      expect(res.statusCode).toBe(200)
      expectHeaders(res, PER_IP, PER_IP - 1 - i)
    }
    expectLimited(await call(t, { url: '/', ip }), PER_IP)
    expectLimited(await call(t, { url: '/openapi.json', ip }), PER_IP)
    expect((await call(t, { url: '/', ip: nextIp() })).statusCode).toBe(200)
  })

  it('failed authentication counts against the address: brute force meets 429, a valid key from there still works', async () => {
    const ip = nextIp()
    await awayFromMinuteEdge()
    for (let i = 0; i < PER_IP; i++) {
      const res = await call(t, { url: '/sites', ip, key: `atr_guess_${uid()}${uid()}${uid()}` })
      expectFullProblem(res, 401, 'UNAUTHENTICATED')
      expectHeaders(res, PER_IP, PER_IP - 1 - i)
    }
    expectLimited(await call(t, { url: '/sites', ip, key: `atr_guess_${uid()}${uid()}${uid()}` }), PER_IP)
    expectLimited(await call(t, { url: '/sites', ip }), PER_IP)
    expectLimited(await call(t, { url: '/', ip }), PER_IP)
    // An authenticated caller is limited by its key, not by the address it shares.
    const ok = await call(t, { url: '/sites', ip, key: site.keys.Read })
    expect(ok.statusCode).toBe(200)
  })

  it('missing credentials count against the address too', async () => {
    const ip = nextIp()
    await awayFromMinuteEdge()
    for (let i = 0; i < PER_IP; i++) expectFullProblem(await call(t, { url: '/sites', ip }), 401, 'UNAUTHENTICATED')
    expectLimited(await call(t, { url: '/sites', ip }), PER_IP)
  })

  it('X-Forwarded-For is ignored without ATRIUM_TRUST_PROXY (no escaping the budget by spoofing it)', async () => {
    const ip = nextIp()
    await awayFromMinuteEdge()
    for (let i = 0; i < PER_IP; i++) {
      expect((await call(t, { url: '/', ip, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })).statusCode).toBe(200)
    }
    expectLimited(await call(t, { url: '/', ip, headers: { 'x-forwarded-for': '198.51.100.99' } }), PER_IP)
  })

  it('IPv4-mapped addresses are the IPv4 client; IPv6 clients are counted per /64', () => {
    expect(ipBucket('::ffff:10.1.2.3')).toBe('10.1.2.3')
    expect(ipBucket('10.1.2.3')).toBe('10.1.2.3')
    expect(ipBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(ipBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(ipBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(ipBucket('::1')).toBe('0:0:0:0::/64')
    expect(ipBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    // An aborted request's socket has no address any more: counted, never a TypeError.
    expect(ipBucket(undefined)).toBe('unknown')
  })

  it('IPv6 addresses of one /64 share one budget', async () => {
    await awayFromMinuteEdge()
    for (let i = 0; i < PER_IP; i++) expect((await call(t, { url: '/', ip: `2001:db8:77:1::${i + 1}` })).statusCode).toBe(200)
    expectLimited(await call(t, { url: '/', ip: '2001:db8:77:1::ff' }), PER_IP)
    expect((await call(t, { url: '/', ip: '2001:db8:77:2::1' })).statusCode).toBe(200)
  })
})

describe('behind a trusted proxy', () => {
  let p: TestApp
  beforeAll(async () => {
    p = await testApp({ env: { ATRIUM_RATE_LIMIT_PER_IP: '2', ATRIUM_TRUST_PROXY: '127.0.0.1' } })
  })
  afterAll(() => p.close())

  it('the client address comes from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    await awayFromMinuteEdge()
    const via = (client: string, peer = '127.0.0.1') => call(p, { url: '/', ip: peer, headers: { 'x-forwarded-for': client } })
    expect((await via('203.0.113.7')).statusCode).toBe(200)
    expect((await via('203.0.113.7')).statusCode).toBe(200)
    expectLimited(await via('203.0.113.7'), 2)
    // Another client behind the same proxy has its own budget.
    expect((await via('203.0.113.8')).statusCode).toBe(200)
    // An untrusted peer cannot choose its address by sending the header.
    expect((await via('203.0.113.20', '10.66.0.1')).statusCode).toBe(200)
    expect((await via('203.0.113.21', '10.66.0.1')).statusCode).toBe(200)
    expectLimited(await via('203.0.113.22', '10.66.0.1'), 2)
  })
})

describe('when the shared cache is down', () => {
  it('limits still hold (counted per instance) and requests are not slowed by the outage', async () => {
    const dead = new RedisCache('redis://127.0.0.1:1', `atrium:t:dead-${uid()}:`)
    const d = await testApp({ cache: dead, env: { ATRIUM_RATE_LIMIT_PER_IP: '3' } })
    try {
      await awayFromMinuteEdge(10_000)
      const ip = nextIp()
      // The first request may wait for the first connection attempt to fail; later ones must not.
      expect((await call(d, { url: '/', ip })).statusCode).toBe(200)
      const started = performance.now()
      const second = await call(d, { url: '/', ip })
      expect(second.statusCode).toBe(200)
      expectHeaders(second, 3, 1)
      expect((await call(d, { url: '/', ip })).statusCode).toBe(200)
      expectLimited(await call(d, { url: '/', ip }), 3)
      expect(performance.now() - started).toBeLessThan(1000)
    } finally {
      await d.close()
      await dead.close()
    }
  })
})

describe.skipIf(!process.env.REDIS_URL)('several instances sharing one Redis', () => {
  let a: TestApp
  let b: TestApp
  const prefix = `atrium:t:shared-${uid()}:`
  const caches = [openCache(process.env.REDIS_URL, prefix), openCache(process.env.REDIS_URL, prefix)]
  beforeAll(async () => {
    a = await testApp({ cache: caches[0]!, env: { ATRIUM_RATE_LIMIT_PER_IP: '3' } })
    b = await testApp({ cache: caches[1]!, dbh: a.dbh, env: { ATRIUM_RATE_LIMIT_PER_IP: '3' } })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
    for (const c of caches) await c.close()
  })

  it('a key has ONE budget across instances: requests split over both, the 4th of 3 is 429', async () => {
    const s = await makeSite(a)
    const key = await limitedKey(a, 'Read', 3, s.id)
    await awayFromMinuteEdge()
    const order = [a, b, a]
    for (let i = 0; i < order.length; i++) {
      const res = await call(order[i]!, { url: `/sites/${s.id}`, key })
      expect(res.statusCode, res.body).toBe(200)
      expectHeaders(res, 3, 2 - i)
    }
    expectLimited(await call(b, { url: `/sites/${s.id}`, key }), 3)
    expectLimited(await call(a, { url: `/sites/${s.id}`, key }), 3)
  })

  it('an address has ONE budget across instances', async () => {
    const ip = nextIp()
    await awayFromMinuteEdge()
    expect((await call(b, { url: '/', ip })).statusCode).toBe(200)
    expect((await call(a, { url: '/', ip })).statusCode).toBe(200)
    expect((await call(b, { url: '/sites', ip, key: `atr_bad_${uid()}${uid()}` })).statusCode).toBe(401)
    expectLimited(await call(a, { url: '/', ip }), 3)
  })
})
