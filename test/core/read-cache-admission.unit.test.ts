import { describe, expect, it } from 'vitest'
import type { Ctx, Deps } from '../../src/core/context.js'
import { cachedBytes } from '../../src/core/read-cache.js'
import type { Cache } from '../../src/platform/cache/cache.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { systemClock } from '../../src/platform/clock.js'
import { noMetrics } from '../../src/platform/metrics.js'
import { countingCache } from '../helpers/cache.js'

/*
 * Which answers the per-process layer keeps. With a shared cache, an answer loaded from the database is only
 * shared, and kept here once it is asked again; the only cache (in-process) keeps it at once.
 */

// No database handle of its own: the loads here are functions, and no replica is configured.
const ctxWith = (cache: Cache): Ctx => ({ deps: { cache, metrics: noMetrics, dbh: {} } as Deps, clock: systemClock }) as Ctx

const SITE = '00000000-0000-4000-8000-0000000000a1'

async function askThrice(kind: Cache['kind']) {
  const shared = countingCache(new MemoryCache(), kind)
  const ctx = ctxWith(shared.cache)
  let loads = 0
  const load = () => {
    loads++
    return Promise.resolve({ value: `answer ${loads}`, until: null })
  }
  const answers: string[] = []
  for (let i = 0; i < 3; i++) answers.push((await cachedBytes(ctx, 'admission', { list: SITE }, 'k', load)).toString())
  return { answers, loads, answerReads: shared.asked.answers }
}

describe('read cache: what this process keeps', () => {
  it('with a shared cache, a loaded answer is shared at once and kept here from its second read on', async () => {
    const r = await askThrice('redis')
    expect(r.answers).toEqual(['answer 1', 'answer 1', 'answer 1'])
    expect(r.loads).toBe(1)
    // First read: a shared miss, then the load. Second: found shared, and kept. Third: from this process.
    expect(r.answerReads).toBe(2)
  })

  it('the in-process cache is the only one: it keeps the loaded answer at once and never asks for it', async () => {
    const r = await askThrice('memory')
    expect(r.answers).toEqual(['answer 1', 'answer 1', 'answer 1'])
    expect(r.loads).toBe(1)
    expect(r.answerReads).toBe(0)
  })
})
