import { LRUCache } from 'lru-cache'

/*
 * Every in-process cache is bounded by entries and by bytes and evicts the least recently used entry first:
 * a cache emptied whole at a size limit would turn a flood of one-off keys into a storm of misses for the hot
 * ones, and one without a limit would grow with every unknown slug asked for.
 */

export interface Bounds {
  maxEntries: number
  maxBytes: number
}

/**
 * What an entry costs beyond its key and value text: the map slot, the entry object and the string headers. A
 * rough figure (V8 object and string headers are 12-32 bytes each): it keeps the byte bound honest for the many
 * small entries (versions, scopes, flags) whose text alone would undercount them several times over.
 */
export const ENTRY_OVERHEAD_BYTES = 64

/** A string key's bytes, as kept by V8 for the ASCII keys used here (one byte per character). */
export const textBytes = (s: string): number => s.length

/**
 * A map from string keys, bounded by `maxEntries` and by `maxBytes` as `sizeOf` counts them (plus the key and
 * `overhead`), evicting the least recently used entry (get and set count as use; has does not).
 */
export function boundedMap<V extends object | string | boolean | number>(
  bounds: Bounds,
  sizeOf: (value: V) => number,
  overhead = ENTRY_OVERHEAD_BYTES,
): LRUCache<string, V> {
  if (!(bounds.maxEntries >= 1 && bounds.maxBytes >= 1)) throw new RangeError('bounds must be at least 1 entry and 1 byte')
  return new LRUCache<string, V>({
    max: bounds.maxEntries,
    maxSize: bounds.maxBytes,
    sizeCalculation: (value, key) => Math.max(1, textBytes(key) + sizeOf(value) + overhead),
  })
}
