import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCache, type Cache } from '../../../src/platform/cache/index.js'
import { testApp, type TestApp } from '../../helpers/app.js'
import { makeKey, makeSite, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { sleep } from './helpers.js'

const TTL_MS = 300

/** Polls until the key gets `status` on the app; returns the milliseconds it took (or fails after `withinMs`). */
async function answersWithin(t: TestApp, key: string, status: number, withinMs: number): Promise<number> {
  const start = Date.now()
  for (;;) {
    const res = await t.as(key).get('/auth/me')
    const took = Date.now() - start
    if (res.statusCode === status) return took
    if (took > withinMs) throw new Error(`still ${res.statusCode} after ${took} ms (wanted ${status} within ${withinMs} ms)`)
    await sleep(10)
  }
}

describe('two instances over one database, each with its own cache', () => {
  let first: TestApp
  let second: TestApp
  let site: SiteFixture

  beforeAll(async () => {
    first = await testApp({ env: { ATRIUM_KEY_CACHE_TTL_MS: String(TTL_MS) } })
    second = await testApp({ dbh: first.dbh, env: { ATRIUM_KEY_CACHE_TTL_MS: String(TTL_MS) } })
    site = await makeSite(first)
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
  })

  it('a key created on one instance works on the other at once', async () => {
    const k = await makeKey(first, 'Read', site.id)
    expectStatus(await second.as(k.key).get('/auth/me'), 200)
  })

  it('block on A: refused on A at once and on B within the TTL; unblock restores both', async () => {
    const k = await makeKey(first, 'Read', site.id)
    // B has the key cached now.
    expectStatus(await second.as(k.key).get('/auth/me'), 200)
    expectStatus(await first.as(first.masterKey).post(`/api-keys/${k.id}/block`, { reason: 'x' }), 200)
    expect((await first.as(k.key).get('/auth/me')).statusCode).toBe(401)
    // Slack for a busy machine on top of the TTL.
    expect(await answersWithin(second, k.key, 401, TTL_MS + 700)).toBeLessThanOrEqual(TTL_MS + 700)

    expectStatus(await first.as(first.masterKey).post(`/api-keys/${k.id}/unblock`), 200)
    expectStatus(await first.as(k.key).get('/auth/me'), 200)
    await answersWithin(second, k.key, 200, TTL_MS + 700)
  })

  it('revoke and delete on B reach A within the TTL', async () => {
    const r = await makeKey(first, 'Write', site.id)
    const d = await makeKey(first, 'Write', site.id)
    expectStatus(await first.as(r.key).get('/auth/me'), 200)
    expectStatus(await first.as(d.key).get('/auth/me'), 200)
    expectStatus(await second.as(second.masterKey).post(`/api-keys/${r.id}/revoke`), 200)
    expect((await second.as(second.masterKey).delete(`/api-keys/${d.id}`)).statusCode).toBe(204)
    await answersWithin(first, r.key, 401, TTL_MS + 700)
    await answersWithin(first, d.key, 401, TTL_MS + 700)
  })
})

describe.runIf(process.env.REDIS_URL)('two instances sharing Redis', () => {
  // The longest TTL the configuration allows: a refusal well before it can only come from pub/sub.
  const LONG_TTL = 5000
  let caches: Cache[]
  let first: TestApp
  let second: TestApp
  let site: SiteFixture

  beforeAll(async () => {
    const prefix = `atrium:t:${randomBytes(6).toString('hex')}:`
    // Two clients with one prefix: two instances talking through the same Redis.
    caches = [openCache(process.env.REDIS_URL, prefix), openCache(process.env.REDIS_URL, prefix)]
    first = await testApp({ cache: caches[0], env: { ATRIUM_KEY_CACHE_TTL_MS: String(LONG_TTL) } })
    second = await testApp({ dbh: first.dbh, cache: caches[1], env: { ATRIUM_KEY_CACHE_TTL_MS: String(LONG_TTL) } })
    site = await makeSite(first)
  })
  afterAll(async () => {
    await second?.close()
    await first?.close()
    for (const c of caches ?? []) await c.close()
  })

  it('block on A is refused on B at once (invalidation over pub/sub)', async () => {
    expect(caches[0]?.kind).toBe('redis')
    const k = await makeKey(first, 'Read', site.id)
    expectStatus(await second.as(k.key).get('/auth/me'), 200)
    expectStatus(await first.as(first.masterKey).post(`/api-keys/${k.id}/block`), 200)
    // The message is in flight for at most a few milliseconds; far below the TTL.
    expect(await answersWithin(second, k.key, 401, 250)).toBeLessThan(LONG_TTL / 10)
  })

  it('revoke on B is refused on A at once', async () => {
    const k = await makeKey(first, 'Read', site.id)
    expectStatus(await first.as(k.key).get('/auth/me'), 200)
    expectStatus(await second.as(second.masterKey).post(`/api-keys/${k.id}/revoke`), 200)
    expect(await answersWithin(first, k.key, 401, 250)).toBeLessThan(LONG_TTL / 10)
  })
})
