/*
 * Byte ranges of static files (RFC 9110 §14): one `Range: bytes=…` range is served as 206, a range starting past the
 * end as 416, anything else (other units, several ranges, a malformed header) as the whole file: a server may ignore
 * Range, and multipart/byteranges answers are not worth their complexity for images and downloads.
 */

/** Inclusive byte positions. */
export interface ByteRange {
  start: number
  end: number
}

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' }

const WHOLE: RangeAnswer = { kind: 'whole' }
const SPEC = /^(\d*)-(\d*)$/

/** What to send for a `Range` header over a representation of `size` bytes. */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE
  const eq = header.indexOf('=')
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return WHOLE
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  if (specs.length !== 1) return WHOLE
  const m = SPEC.exec(specs[0] as string)
  if (!m) return WHOLE
  const [, first = '', last = ''] = m
  if (first === '' && last === '') return WHOLE
  if (first === '') {
    // Suffix range: the last N bytes (all of them when N is larger than the file).
    const n = Number(last)
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', range: { start: Math.max(0, size - n), end: size - 1 } }
  }
  const start = Number(first)
  // A start too large for a number lies past any file; an end too large means "to the end".
  if (!Number.isSafeInteger(start)) return { kind: 'unsatisfiable' }
  const end = last === '' || !Number.isSafeInteger(Number(last)) ? Number.MAX_SAFE_INTEGER : Number(last)
  if (end < start) return WHOLE
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } }
}

/** Whether an If-Range validator lets a range through: only our strong ETag, exactly (dates are not sent by us). */
export const ifRangeHolds = (ifRange: string | undefined, etag: string): boolean => ifRange === undefined || ifRange.trim() === etag

/** Whether If-None-Match names this ETag (weak comparison) or `*`. */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}
