/*
 * A localization's (or media metadata's) ETag when no answer carried one: the blog detail lists localizations but tags only the blog, and
 * there is no GET of one localization. Atrium's tag is a digest of the record as presented (src/core/versions.ts:
 * canonical JSON with sorted keys, SHA-256, first 22 base64url characters, quoted); computing the same here lets the
 * first save send If-Match. Should the rule ever differ, nothing is overwritten: the save gets a 412 carrying the
 * record and its real tag, and the editor resolves it (automatically when nobody else changed anything).
 */
function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null'
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

export async function recordTag(record: unknown): Promise<string | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical(record)))
  return `"${base64url(new Uint8Array(digest)).slice(0, 22)}"`
}
