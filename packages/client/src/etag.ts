/*
 * A record's ETag computed from the record itself, for a record whose answer carried none (a blog's localization is
 * listed in the blog's detail, tagged only as part of the blog; there is no GET of one localization). Atrium's tag
 * is a digest of the record as presented: canonical JSON (keys sorted at every depth, undefined left out, Dates as
 * ISO strings), SHA-256, the first 22 base64url characters, quoted. Should the rule ever differ, nothing is
 * overwritten: the save gets a 412 carrying the record and its real tag.
 */

function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (v instanceof Date) return JSON.stringify(v.toISOString())
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`
  }
  return JSON.stringify(v)
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** The strong entity-tag Atrium sends for this record; undefined where WebCrypto is missing (an insecure origin). */
export async function recordTag(record: unknown): Promise<string | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical(record)))
  return `"${base64url(new Uint8Array(digest)).slice(0, 22)}"`
}
