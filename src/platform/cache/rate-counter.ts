import type { LRUCache } from 'lru-cache'
import { boundedMap, type Bounds } from '../bounded.js'
import type { Cache } from './cache.js'

interface Window {
  count: number
  expiresAt: number
}

/** Per-cache in-process counters, used only while the shared cache fails. */
const local = new WeakMap<Cache, LRUCache<string, Window>>()
const lastWarned = new WeakMap<Cache, number>()
/** Windows counted here while the shared cache is down: one per key or client address per minute. */
const LOCAL_BOUNDS: Bounds = { maxEntries: 50_000, maxBytes: 8 * 1024 * 1024 }
const WARN_EVERY_MS = 30_000

function countLocally(cache: Cache, key: string, ttlMs: number, now: number): number {
  let map = local.get(cache)
  if (!map) {
    // Least recently counted out first: an active caller's window is not reset by a burst of new ones.
    map = boundedMap<Window>(LOCAL_BOUNDS, () => 16)
    local.set(cache, map)
  }
  let w = map.get(key)
  if (!w || w.expiresAt <= now) {
    w = { count: 0, expiresAt: now + ttlMs }
    map.set(key, w)
  }
  w.count++
  return w.count
}

export interface Hit {
  count: number
  /** false while the shared cache is unreachable: the count is this instance's own. */
  shared: boolean
}

/**
 * Counts one hit on a fixed-window counter in the shared cache (so every instance sees one budget).
 * When the cache fails, counts in-process instead: limits keep holding per instance rather than
 * switching off. `onFallback` is called at most every 30 s per cache.
 */
export async function countHit(cache: Cache, key: string, ttlMs: number, onFallback?: (err: unknown) => void): Promise<Hit> {
  try {
    const { count } = await cache.incr(key, ttlMs)
    return { count, shared: true }
  } catch (err) {
    const now = Date.now()
    if (onFallback && now - (lastWarned.get(cache) ?? 0) >= WARN_EVERY_MS) {
      lastWarned.set(cache, now)
      onFallback(err)
    }
    return { count: countLocally(cache, key, ttlMs, now), shared: false }
  }
}

/** Expands an IPv6 address to its eight 16-bit groups (undefined when it is not one). */
function ipv6Groups(ip: string): number[] | undefined {
  const [head = '', tail, extra] = ip.split('::')
  if (extra !== undefined) return undefined
  const part = (s: string) => (s === '' ? [] : s.split(':'))
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  const groups = [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right]
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined
  return groups.map((g) => parseInt(g, 16))
}

/**
 * The rate-limit identity of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64
 * prefix, since one host usually holds a whole /64 and could otherwise rotate through it. No address at all is one
 * bucket of its own.
 */
export function ipBucket(ip: string | undefined): string {
  // Node leaves the address undefined once the client's socket has closed (a request aborted while queued).
  if (!ip) return 'unknown'
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!ip.includes(':')) return ip
  const groups = ipv6Groups(ip.split('%')[0] ?? ip)
  if (!groups) return ip
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}
