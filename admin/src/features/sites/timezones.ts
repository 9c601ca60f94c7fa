/** Every IANA zone the browser knows (Intl.supportedValuesOf), with UTC first; a fallback when the runtime has no list. */
export function timeZones(
  supported: (key: 'timeZone') => string[] = (k) => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf(k) : []),
): string[] {
  const zones = supported('timeZone')
  return ['UTC', ...zones.filter((z) => z !== 'UTC')]
}

/** Keeps the site's current zone choosable even when this browser does not list it (a zone the server stored). */
export function zoneOptions(current: string | undefined, zones: string[]): string[] {
  return current && !zones.includes(current) ? [current, ...zones] : zones
}

/** Megabytes (what the form shows) ↔ bytes (what the API stores), rounded to whole bytes. */
export const bytesToMb = (bytes: number): number => Math.round((bytes / 1024 ** 2) * 100) / 100
export const mbToBytes = (mb: number): number => Math.round(mb * 1024 ** 2)

/** A locale form's entries: one default (the first when none is marked), codes unique (case-insensitive), none empty. */
export interface LocaleEntry {
  code: string
  name: string
  isDefault: boolean
}
export function localesBody(entries: LocaleEntry[]): { code: string; name?: string; is_default?: boolean }[] {
  const filled = entries.filter((e) => e.code.trim() !== '')
  const def = Math.max(
    0,
    filled.findIndex((e) => e.isDefault),
  )
  return filled.map((e, i) => ({ code: e.code.trim(), ...(e.name.trim() ? { name: e.name.trim() } : {}), is_default: i === def }))
}
export function duplicateCodes(entries: LocaleEntry[]): string[] {
  const seen = new Set<string>()
  const dup = new Set<string>()
  for (const e of entries) {
    const c = e.code.trim().toLowerCase()
    if (c === '') continue
    if (seen.has(c)) dup.add(c)
    seen.add(c)
  }
  return [...dup]
}
