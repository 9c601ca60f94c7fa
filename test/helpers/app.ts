import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { buildApp, type App } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'
import { systemCtx, type Ctx, type Deps } from '../../src/core/context.js'
import type { DbHandle } from '../../src/db/client.js'
import type { Metrics } from '../../src/platform/metrics.js'
import { openCache, type Cache } from '../../src/platform/cache/index.js'
import { ManualClock, type Clock } from '../../src/platform/clock.js'
import { prepare } from '../../src/server.js'
import type { HostLookup } from '../../src/platform/webhook-target.js'
import { freshDb } from './db.js'
import { client, type Client } from './http.js'

export interface TestApp {
  app: App
  deps: Deps
  config: Config
  dbh: DbHandle
  clock: Clock
  /** An unscoped Master key (ATRIUM_BOOTSTRAP_KEY of this app). */
  masterKey: string
  /** HTTP client for a key (or none). */
  as(key?: string): Client
  /** A service context acting as the system (factories use it). */
  sys(): Ctx
  close(): Promise<void>
}

export interface TestAppOptions {
  env?: Record<string, string>
  clock?: Clock
  /** Reuse a database (several app instances over one database). */
  dbh?: DbHandle
  /** Share a cache between instances (memory) or name the Redis prefix. */
  cache?: Cache
  /** DNS lookup for outbound AI provider targets (map test host names to 127.0.0.1). */
  lookup?: HostLookup
  /** Logger options (e.g. a capturing stream); default: no logging. */
  logger?: object
  /** Prometheus metrics of this app (default: off). */
  metrics?: Metrics
  /** The built admin served at /admin/ (default: the repository's admin/dist). */
  adminDir?: string
}

/** One fixed key for secrets at rest, so several test apps over one database agree (override with ATRIUM_ENCRYPTION_KEY). */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64')

/** Builds the app on a fresh clone of the migrated database; in CI server mode it also uses Redis when REDIS_URL is set. */
export async function testApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-data-'))
  const masterKey = `atr_test_${randomBytes(24).toString('base64url')}`
  const env: Record<string, string> = {
    ATRIUM_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ATRIUM_BOOTSTRAP_KEY: masterKey,
    ATRIUM_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  }
  const config = loadConfig(env)
  const ownDb = !opts.dbh
  const dbh = opts.dbh ?? (await freshDb())
  const ownCache = !opts.cache
  // A prefix of its own per app, unless the test names one (ATRIUM_REDIS_PREFIX: installations sharing a Redis).
  const prefix = opts.env?.ATRIUM_REDIS_PREFIX ? config.redisPrefix : `atrium:t:${randomBytes(6).toString('hex')}:`
  const cache = opts.cache ?? openCache(config.redisUrl, prefix)
  const clock = opts.clock ?? new ManualClock(new Date())
  const app = await buildApp(config, {
    dbh,
    cache,
    clock,
    logger: opts.logger ?? false,
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.adminDir ? { adminDir: opts.adminDir } : {}),
  })
  await prepare(app, () => undefined)
  await app.ready()
  return {
    app,
    deps: app.deps,
    config,
    dbh,
    clock,
    masterKey,
    as: (key?: string) => client(app, key),
    sys: () => systemCtx(app.deps, 'test'),
    close: async () => {
      await app.close()
      if (ownCache) await cache.close()
      if (ownDb) await dbh.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
