import { describe, expect, it } from 'vitest'
import type { Ctx, Deps } from '../../src/core/context.js'
import { cachedBytes } from '../../src/core/read-cache.js'
import type { Cache } from '../../src/platform/cache/cache.js'
import { MemoryCache } from '../../src/platform/cache/memory.js'
import { systemClock } from '../../src/platform/clock.js'

/*
 * Which answers the per-process layer keeps. With a shared cache, an answer loaded from the database is only
 * shared, and kept here once it is asked again; the only cache (in-process) keeps it at once.
 */

/** A cache of the given kind over an in-process one, counting reads of cached answers (`rc:` keys). */
function standIn(kind: Cache['kind']) {
  const inner = new MemoryCache()
  let answerReads = 0
  const cache: Cache = {
    kind,
    get: (key) => {
      if (key.startsWith('rc:')) answerReads++
      return inner.get(key)
    },
    getMany: (keys) => inner.getMany(keys),
    set: (key, value, ttlMs) => inner.set(key, Buffer.isBuffer(value) ? value.toString('utf8') : value, ttlMs),
    setIfAbsent: (key, value, ttlMs) => inner.setIfAbsent(key, value, ttlMs),
    del: (...keys) => inner.del(...keys),
    incr: (key, ttlMs) => inner.incr(key, ttlMs),
    publish: (channel, message) => inner.publish(channel, message),
    subscribe: (channel, onMessage) => inner.subscribe(channel, onMessage),
    ping: () => inner.ping(),
    close: () => inner.close(),
  }
  return { cache, answerReads: () => answerReads, stored: (key: string) => inner.get(key) }
}

const ctxWith = (cache: Cache): Ctx => ({ deps: { cache } as Deps, clock: systemClock } as Ctx)

const SITE = '00000000-0000-4000-8000-0000000000a1'

async function askThrice(kind: Cache['kind']) {
  const shared = standIn(kind)
  const ctx = ctxWith(shared.cache)
  let loads = 0
  const load = () => {
    loads++
    return Promise.resolve({ value: `answer ${loads}`, until: null })
  }
  const answers: string[] = []
  for (let i = 0; i < 3; i++) answers.push((await cachedBytes(ctx, 'admission', { list: SITE }, 'k', load)).toString())
  return { answers, loads, answerReads: shared.answerReads() }
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
