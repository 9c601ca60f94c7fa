import type { Cache } from '../../src/platform/cache/cache.js'

/** What a cache was asked: version reads (getMany calls), reads and writes of cached answers (`rc:` keys). */
export interface CacheAsked {
  versions: number
  answers: number
  stored: number
}

/**
 * A cache of the given kind over another one (an in-process cache, or the test app's own), counting what it is asked.
 * A new object each time, so nothing the read cache or the record access remembers per cache carries over. Closing it
 * leaves the inner cache open.
 */
export function countingCache(inner: Cache, kind: Cache['kind']): { cache: Cache; asked: CacheAsked } {
  const asked: CacheAsked = { versions: 0, answers: 0, stored: 0 }
  const cache: Cache = {
    kind,
    getMany: (keys) => {
      asked.versions++
      return inner.getMany(keys)
    },
    get: (key) => {
      if (key.startsWith('rc:')) asked.answers++
      return inner.get(key)
    },
    set: (key, value, ttlMs) => {
      if (key.startsWith('rc:')) asked.stored++
      return inner.set(key, Buffer.isBuffer(value) ? value.toString('utf8') : value, ttlMs)
    },
    setIfAbsent: (key, value, ttlMs) => inner.setIfAbsent(key, value, ttlMs),
    del: (...keys) => inner.del(...keys),
    incr: (key, ttlMs) => inner.incr(key, ttlMs),
    publish: (channel, message) => inner.publish(channel, message),
    subscribe: (channel, onMessage) => inner.subscribe(channel, onMessage),
    ping: () => inner.ping(),
    close: () => Promise.resolve(),
  }
  return { cache, asked }
}
