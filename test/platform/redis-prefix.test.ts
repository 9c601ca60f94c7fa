import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'

import { awayFromMinuteEdge } from './support.js'

/**
 * Two installations on one Redis (prefixes A and B) over one database, plus a second instance of A. What A writes
 * reaches A's other instance and never B: cache entries and rate-limit counters.
 */
describe.runIf(process.env.REDIS_URL)('ATRIUM_REDIS_PREFIX: installations sharing one Redis', () => {
  const run = randomBytes(4).toString('hex')
  const prefixA = `atrium:t:install-a-${run}:`
  const prefixB = `atrium:t:install-b-${run}:`
  const env = (prefix: string) => ({ ATRIUM_REDIS_PREFIX: prefix, ATRIUM_KEY_CACHE_TTL_MS: '5000', ATRIUM_RATE_LIMIT_PER_IP: '3' })
  let a: TestApp
  let a2: TestApp
  let b: TestApp
  let redis: Redis

  beforeAll(async () => {
    a = await testApp({ env: env(prefixA) })
    a2 = await testApp({ dbh: a.dbh, env: { ...env(prefixA), ATRIUM_BOOTSTRAP_KEY: a.masterKey } })
    b = await testApp({ dbh: a.dbh, env: { ...env(prefixB), ATRIUM_BOOTSTRAP_KEY: a.masterKey } })

    redis = new Redis(process.env.REDIS_URL!)
  })
  afterAll(async () => {
    await b?.close()
    await a2?.close()
    await a?.close()
    redis?.disconnect()
  })

  it('the app uses the configured prefix for what it writes', async () => {
    expect(a.deps.cache.kind).toBe('redis')
    await a.deps.cache.set('probe', 'from A', 60_000)
    expect(await redis.get(`${prefixA}probe`)).toBe('from A')
    expect(await redis.get('atrium:probe')).toBeNull()
  })

  it('cache entries: A and its second instance share them, B never sees them', async () => {
    await a.deps.cache.set('shared-entry', 'A', 60_000)
    expect(await a2.deps.cache.get('shared-entry')).toBe('A')
    expect(await b.deps.cache.get('shared-entry')).toBeUndefined()
    await b.deps.cache.set('shared-entry', 'B', 60_000)
    expect(await a.deps.cache.get('shared-entry')).toBe('A')
  })

  it('rate-limit counters: A counts for its instances, B counts on its own', async () => {
    await awayFromMinuteEdge()
    const config = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/config' })
    expect([(await config(a)).statusCode, (await config(a2)).statusCode, (await config(a)).statusCode]).toEqual([200, 200, 200])
    expect((await config(a2)).statusCode).toBe(429)
    const first = await config(b)
    expect(first.statusCode).toBe(200)
    expect(first.headers['ratelimit-remaining']).toBe('2')
    expect(await redis.keys(`${prefixB}rl:*`)).not.toHaveLength(0)
  })
})
