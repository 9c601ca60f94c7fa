/*
 * Deep comparison of two JSON answers after parsing: object keys in any order, arrays in order. Returns the
 * paths that differ (at most `limit`), so a difference is reported rather than failing the run.
 */

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const show = (v: unknown) => {
  const s = JSON.stringify(v)
  return s === undefined ? 'undefined' : s.length > 60 ? `${s.slice(0, 57)}...` : s
}

function walk(a: unknown, b: unknown, at: string, out: string[], limit: number): void {
  if (out.length >= limit) return
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: ${a.length} items vs ${b.length}`)
    for (let i = 0; i < Math.min(a.length, b.length); i++) walk(a[i], b[i], `${at}[${i}]`, out, limit)
    return
  }
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in a)) out.push(`${at}.${k}: missing on the left`)
      else if (!(k in b)) out.push(`${at}.${k}: missing on the right`)
      else walk(a[k], b[k], `${at}.${k}`, out, limit)
      if (out.length >= limit) return
    }
    return
  }
  if (a !== b) out.push(`${at}: ${show(a)} vs ${show(b)}`)
}

/** Paths where two JSON texts differ (empty when equal up to key order); a text that is not JSON is one difference. */
export function jsonDifferences(left: string, right: string, limit = 5): string[] {
  let a: unknown
  let b: unknown
  try {
    a = JSON.parse(left) as unknown
    b = JSON.parse(right) as unknown
  } catch (err) {
    return [`not JSON: ${err instanceof Error ? err.message : String(err)}`]
  }
  const out: string[] = []
  walk(a, b, '$', out, limit)
  return out
}
