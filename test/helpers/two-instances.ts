import { randomBytes } from 'node:crypto'
import { openCache, type Cache } from '../../src/platform/cache/index.js'
import { testApp, type TestApp } from './app.js'

/** Two Atrium instances over one database: A takes the writes, B serves the reads under test. */
export interface TwoInstances {
  A: TestApp
  B: TestApp
  /** A's cache first, then B's when it has its own (Redis). */
  caches: Cache[]
  /** Closes B, then A, then the caches. */
  close(): Promise<void>
}

/**
 * Two instances over one database and one shared cache under a fresh key prefix. With REDIS_URL each instance has its
 * own Redis client (so B keeps a per-process layer of its own, as a second server would); embedded, they share one
 * memory cache. `sameClock`: B reads A's manual clock, for tests that move time.
 */
export async function twoInstances(opts: { sameClock?: boolean } = {}): Promise<TwoInstances> {
  const prefix = `atrium:t:${randomBytes(6).toString('hex')}:`
  const caches: Cache[] = process.env.REDIS_URL
    ? [openCache(process.env.REDIS_URL, prefix), openCache(process.env.REDIS_URL, prefix)]
    : [openCache(undefined, prefix)]
  const A = await testApp({ cache: caches[0] })
  const B = await testApp({ dbh: A.dbh, cache: caches[1] ?? caches[0], ...(opts.sameClock ? { clock: A.clock } : {}) })
  return {
    A,
    B,
    caches,
    async close() {
      await B.close()
      await A.close()
      for (const c of caches) await c.close()
    },
  }
}
