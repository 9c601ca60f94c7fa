import type { Cache } from './cache.js'
import { MemoryCache } from './memory.js'
import { RedisCache } from './redis.js'

export type { Cache } from './cache.js'

/** Redis when a URL is given (shared by every instance), otherwise in-process. */
export function openCache(redisUrl: string | undefined, prefix?: string): Cache {
  return redisUrl ? new RedisCache(redisUrl, prefix) : new MemoryCache()
}
