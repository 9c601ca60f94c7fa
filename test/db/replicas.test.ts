import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { openDb, type DbHandle } from '../../src/db/client.js'
import { migrate } from '../../src/db/migrate.js'
import { NotAReplica, parseReadUrls } from '../../src/db/replicas.js'
import { openCache, type Cache } from '../../src/platform/cache/index.js'
import { AppMetrics } from '../../src/platform/metrics.js'
import { testApp, type TestApp } from '../helpers/app.js'
import { makeSite, type SiteFixture } from '../helpers/factories.js'
import { expectStatus } from '../helpers/http.js'
import { standbyUnavailable, startPair, type PgPair } from '../servers/pg-standby.js'

/*
 * Read replicas (decisions.md "Read replicas and growing tables") on a real primary and streaming standby
 * (test/servers/pg-standby.ts), with the standby's apply delay forcing lag.
 */

const unavailable = standbyUnavailable()
if (unavailable) console.warn(`test/db/replicas.test.ts skipped: ${unavailable}`)

describe('DATABASE_READ_URLS: settings', () => {
  it('only with DATABASE_URL, and every entry a postgres URL (named in the message)', () => {
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://h/db' })).toThrow(/DATABASE_READ_URLS needs DATABASE_URL/)
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', DATABASE_READ_URLS: 'postgres://r1/db, mysql://r2/db' })).toThrow(/mysql:\/\/r2\/db/)
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', DATABASE_READ_URLS: ' , ' })).toThrow(/names no URL/)
    expect(parseReadUrls('postgres://a/x, postgresql://b:5433/y')).toEqual(['postgres://a/x', 'postgresql://b:5433/y'])
    // A password in a bad entry is not repeated.
    expect(() => parseReadUrls('http://u:secret@h/db')).toThrow(/^(?!.*secret)/)
  })
})

describe.skipIf(!!unavailable)('read replicas on a real primary and standby', () => {
  let pair: PgPair
  const handles: DbHandle[] = []
  const caches: Cache[] = []
  const apps: TestApp[] = []
  const metrics = [new AppMetrics(), new AppMetrics(), new AppMetrics()]
  let site: SiteFixture
  const warnings: string[] = []

  const open = async (readUrls: string[], maxLagMs = 5000) => {
    const dbh = await openDb({ databaseUrl: pair.primaryUrl, poolSize: 4, readUrls, maxLagMs, warn: (m) => warnings.push(m) })
    handles.push(dbh)
    return dbh
  }

  beforeAll(async () => {
    pair = await startPair({ db: `atrium_r_${randomBytes(3).toString('hex')}` })
    const first = await openDb({ databaseUrl: pair.primaryUrl, poolSize: 2 })
    await migrate(first)
    await first.close()
    const prefix = `atrium:t:rep:${randomBytes(4).toString('hex')}:`
    const shared = process.env.REDIS_URL ? undefined : openCache(undefined, prefix)
    for (let i = 0; i < 3; i++) {
      const dbh = await open([pair.standbyUrl])
      // One Redis prefix for all three: three instances of one installation (without Redis: one shared memory cache).
      const cache = shared ?? openCache(process.env.REDIS_URL, prefix)
      if (!shared || i === 0) caches.push(cache)
      const env: Record<string, string> = apps[0] ? { ATRIUM_BOOTSTRAP_KEY: apps[0].masterKey } : {}
      apps.push(await testApp({ dbh, cache, metrics: metrics[i] as AppMetrics, env: { ...env, ATRIUM_REDIS_PREFIX: prefix } }))
    }
    site = await makeSite(apps[0] as TestApp)
    await pair.catchUp()
  }, 120_000)

  afterAll(async () => {
    for (const a of apps) await a.close()
    for (const c of caches) await c.close()
    for (const h of handles) await h.close()
    await pair?.close()
  })

  const replicaStatements = (m: AppMetrics) => m.scrape().then((text) => Number(/atrium_db_statements_total\{target="replica"\} (\d+)/.exec(text)?.[1] ?? 0))

  /** `settleEvery`: every such round, the read waits 150 ms after the write (the standby may have applied it by then). */
  const rounds = async (n: number, onRound?: (i: number) => Promise<void>, settleEvery = 0, on: SiteFixture = site) => {
    const [writer, ...readers] = apps as [TestApp, TestApp, TestApp]
    let stale = 0
    let failed = 0
    for (let i = 0; i < n; i++) {
      await onRound?.(i)
      const name = `Round ${i} ${randomBytes(3).toString('hex')}`
      const put = await writer.as(on.keys.Admin).put(`/sites/${on.id}`, { name })
      if (put.statusCode !== 200) failed++
      if (settleEvery > 0 && i % settleEvery === 0) await new Promise((r) => setTimeout(r, 150))
      const reader = readers[i % readers.length] as TestApp
      const got = await reader.as(on.keys.Read).get(`/sites/${on.id}`)
      if (got.statusCode !== 200) failed++
      else if (got.json<{ name: string }>().name !== name) stale++
    }
    return { stale, failed }
  }

  const readMisses = (m: AppMetrics) => m.scrape().then((t) => Number(/atrium_cache_misses_total\{cache="read"\} (\d+)/.exec(t)?.[1] ?? 0))
  const missReads = (m: AppMetrics) =>
    m.scrape().then((t) => ({
      primary: Number(/atrium_db_miss_reads_total\{target="primary"\} (\d+)/.exec(t)?.[1] ?? 0),
      replica: Number(/atrium_db_miss_reads_total\{target="replica"\} (\d+)/.exec(t)?.[1] ?? 0),
    }))
  const sum = (after: number[], before: number[]) => after.reduce((s, v, i) => s + v - (before[i] as number), 0)

  it('1,000 write-then-read rounds across 3 instances, the standby 100 ms behind: 0 stale, and a share of misses served by the replica', async () => {
    await pair.setDelay(100)
    const before = await Promise.all(metrics.map(replicaStatements))
    const missesBefore = await Promise.all(metrics.map(readMisses))
    const readsBefore = await Promise.all(metrics.map(missReads))
    // Most reads follow their write at once (the primary serves them); every tenth waits until the standby may have it.
    const { stale, failed } = await rounds(1000, undefined, 10)
    expect({ stale, failed }).toEqual({ stale: 0, failed: 0 })
    const onReplica = sum(await Promise.all(metrics.map(replicaStatements)), before)
    const misses = sum(await Promise.all(metrics.map(readMisses)), missesBefore)
    const reads = await Promise.all(metrics.map(missReads))
    const [byPrimary, byReplica] = [
      sum(
        reads.map((r) => r.primary),
        readsBefore.map((r) => r.primary),
      ),
      sum(
        reads.map((r) => r.replica),
        readsBefore.map((r) => r.replica),
      ),
    ]
    console.info(`read-cache misses: ${misses}, read on the replica ${byReplica} (statements there: ${onReplica}), on the primary ${byPrimary}`)
    // Reads only: the position polls are not counted (next test).
    expect(onReplica).toBeGreaterThan(0)
    expect(byReplica).toBeGreaterThan(0)
    expect(byPrimary + byReplica).toBe(misses)
  }, 900_000)

  it("the replicas' position polls are not counted as statements the replica served", async () => {
    const before = await Promise.all(metrics.map(replicaStatements))
    // About 20 polls of the standby per instance.
    await new Promise((r) => setTimeout(r, 1000))
    expect(sum(await Promise.all(metrics.map(replicaStatements)), before)).toBe(0)
  })

  it('reads right after their write, the standby 1.5 s behind but within the lag limit: the LSN check sends every miss to the primary', async () => {
    await pair.setDelay(1500)
    await new Promise((r) => setTimeout(r, 300))
    const own = await makeSite(apps[0] as TestApp)
    const before = await Promise.all(metrics.map(replicaStatements))
    const missesBefore = await Promise.all(metrics.map(readMisses))
    const readsBefore = await Promise.all(metrics.map(missReads))
    const result = await rounds(40, undefined, 0, own)
    expect(result).toEqual({ stale: 0, failed: 0 })
    // Up and within ATRIUM_REPLICA_MAX_LAG_MS (5 s), so only the LSN check kept the reads off it.
    expect(handles[1]?.replicas?.status()[0]?.status).toBe('up')
    expect(sum(await Promise.all(metrics.map(readMisses)), missesBefore)).toBeGreaterThanOrEqual(40)
    expect(sum(await Promise.all(metrics.map(replicaStatements)), before)).toBe(0)
    expect(
      sum(
        (await Promise.all(metrics.map(missReads))).map((r) => r.replica),
        readsBefore.map((r) => r.replica),
      ),
    ).toBe(0)
    await pair.setDelay(0)
    await pair.catchUp()
  }, 120_000)

  it('the standby killed mid-run: no request fails and no read is stale', async () => {
    await pair.setDelay(0)
    // A site of its own: nothing else writes its name.
    const own = await makeSite(apps[0] as TestApp)
    const result = await rounds(
      200,
      async (i) => {
        if (i === 50) await pair.killStandby()
        if (i === 150) await pair.startStandby()
      },
      5,
      own,
    )
    expect(result).toEqual({ stale: 0, failed: 0 })
  }, 600_000)

  it('/health lists each replica with its lag', async () => {
    await pair.catchUp()
    await new Promise((r) => setTimeout(r, 200))
    const t = apps[1] as TestApp
    const body = expectStatus<{ replicas: Array<{ name: string; status: string; lag_ms: number | null }> }>(await t.as().get('/health'), 200)
    expect(body.replicas).toEqual([{ name: 'replica_1', status: 'up', lag_ms: expect.any(Number) }])
    expect(JSON.stringify(body)).not.toContain(String(pair.standbyPort))
  })

  it('a replica further behind than ATRIUM_REPLICA_MAX_LAG_MS serves nothing and says so', async () => {
    const dbh = await open([pair.standbyUrl], 300)
    const replicas = dbh.replicas
    expect(replicas).toBeDefined()
    await pair.setDelay(2000)
    // A write the standby will apply 2 s late, then writes keep coming: its lag grows past 300 ms.
    const t = apps[0] as TestApp
    for (let i = 0; i < 10; i++) {
      await t.as(site.keys.Admin).put(`/sites/${site.id}`, { name: `Lag ${i}` })
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(replicas?.status()[0]?.status).toBe('lagging')
    let ran = 'none'
    await replicas?.read(
      0n,
      () => {
        ran = replicas.current() ? 'replica' : 'primary'
        return Promise.resolve()
      },
      () => false,
    )
    expect(ran).toBe('primary')
    await pair.setDelay(0)
  }, 60_000)

  it('a URL that is not a replica fails start-up naming it; an unreachable one is a warning', async () => {
    await expect(open([pair.primaryUrl])).rejects.toBeInstanceOf(NotAReplica)
    await expect(open([pair.primaryUrl])).rejects.toThrow(`127.0.0.1:${pair.primaryPort}/`)
    warnings.length = 0
    const dbh = await open(['postgres://postgres@127.0.0.1:1/nothing'])
    expect(warnings.join('\n')).toMatch(/127\.0\.0\.1:1\/nothing is unreachable/)
    expect(dbh.replicas?.status()).toEqual([{ name: 'replica_1', status: 'down', lag_ms: null }])
    // It starts and serves on the primary alone.
    let ran = 'none'
    await dbh.replicas?.read(
      0n,
      () => {
        ran = dbh.replicas?.current() ? 'replica' : 'primary'
        return Promise.resolve()
      },
      () => false,
    )
    expect(ran).toBe('primary')
  })
})
