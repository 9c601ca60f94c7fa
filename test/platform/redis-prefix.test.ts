import { randomBytes, randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'
import { awayFromMinuteEdge } from './support.js'

/** Polls `check` until it holds or `ms` pass (a loaded machine delays a message, it does not lose it); returns whether it held. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Two installations on one Redis (prefixes A and B) over one database, plus a second instance of A. What A writes or
 * publishes reaches A's other instance and never B: cache entries, rate-limit counters, invalidation messages.
 */
describe.runIf(process.env.REDIS_URL)('ATRIUM_REDIS_PREFIX: installations sharing one Redis', () => {
  const run = randomBytes(4).toString('hex')
  const prefixA = `atrium:t:install-a-${run}:`
  const prefixB = `atrium:t:install-b-${run}:`
  const env = (prefix: string) => ({ ATRIUM_REDIS_PREFIX: prefix, ATRIUM_KEY_CACHE_TTL_MS: '5000', ATRIUM_RATE_LIMIT_PER_IP: '3' })
  let a: TestApp
  let a2: TestApp
  let b: TestApp
  let site: SiteFixture
  let redis: Redis

  beforeAll(async () => {
    a = await testApp({ env: env(prefixA) })
    a2 = await testApp({ dbh: a.dbh, env: { ...env(prefixA), ATRIUM_BOOTSTRAP_KEY: a.masterKey } })
    b = await testApp({ dbh: a.dbh, env: { ...env(prefixB), ATRIUM_BOOTSTRAP_KEY: a.masterKey } })
    site = await makeSite(a)
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

  /*
   * An earlier version of this case asked A's second instance for 401 after the block, in the same minute as the
   * rate-limit case above had used up A's per-IP window (ATRIUM_RATE_LIMIT_PER_IP 3): a refused key is counted as an
   * unauthenticated caller, so the answer was 429 and never 401 (unless the minute turned meanwhile). With the key
   * cache's TTL (≤ 5 s) a refusal could also come from the TTL instead of the message. Here the messages themselves
   * are observed, each instance's key store is inspected, and the HTTP check comes from an address of its own.
   */
  it('invalidation messages: a key blocked on A is dropped by A’s other instance, B never hears it', async () => {
    const channel = 'api-keys:invalidate'
    const heard = { a2: [] as string[], b: [] as string[] }
    await a2.deps.cache.subscribe(channel, (m) => heard.a2.push(m))
    await b.deps.cache.subscribe(channel, (m) => heard.b.push(m))
    const k = await makeKey(a, 'Read', site.id)
    for (const t of [a, a2, b]) expectStatus(await t.as(k.key).get('/auth/me'), 200)
    const cached = { a2: a2.deps.keys.size.entries, b: b.deps.keys.size.entries }
    const from = heard.a2.length

    expectStatus(await a.as(a.masterKey).post(`/api-keys/${k.id}/block`), 200)
    // Same prefix: the message reaches A's other instance, which forgets the key at once (not at its TTL) …
    expect(await eventually(() => heard.a2.slice(from).includes(k.id)), 'A’s second instance hears the invalidation').toBe(true)
    expect(a2.deps.keys.size.entries).toBe(cached.a2 - 1)
    // … and refuses it (from an address whose per-IP window the rate-limit case did not use up).
    const me = () => a2.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { 'x-api-key': k.key }, remoteAddress: '192.0.2.77' })
    expect(await eventually(async () => (await me()).statusCode === 401), 'A’s second instance refuses the blocked key').toBe(true)

    // Another prefix: a message B publishes afterwards reaches B (Redis delivers in publish order), A's never did.
    const marker = randomUUID()
    await b.deps.cache.publish(channel, marker)
    expect(await eventually(() => heard.b.includes(marker)), 'B hears its own channel').toBe(true)
    expect(heard.b).toEqual([marker])
    expect(b.deps.keys.size.entries, 'B still holds the key it cached').toBe(cached.b)
    expect(heard.a2).not.toContain(marker)
  })
})
