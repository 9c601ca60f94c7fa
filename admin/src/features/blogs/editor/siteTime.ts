/*
 * Scheduling in the site's time zone (site settings `timezone`), with Intl only. The form shows `publish_start` and
 * `publish_end` as wall-clock time in the site's zone (the value of an `<input type="datetime-local">`,
 * `YYYY-MM-DDTHH:mm`); the API stores instants (ISO 8601, UTC). Wall time → instant follows Temporal's
 * "compatible" rule at the DST edges: a time skipped by the spring-forward gap moves later by the gap (02:30 → 03:30),
 * a time that occurs twice at the fall-back takes the earlier (the summer-time) one.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** The wall-clock fields of an instant in a zone, as if they were UTC (ms): wallAsUtc(t) - t is the zone's offset at t. */
function wallAsUtc(ms: number, timeZone: string): number {
  const p: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour! % 24, p.minute, p.second)
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
export const offsetAt = (ms: number, timeZone: string): number => wallAsUtc(Math.floor(ms / 1000) * 1000, timeZone) - Math.floor(ms / 1000) * 1000

/** True when Intl knows the zone (a site's setting could name one this browser lacks). */
export function isKnownZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone)
    return true
  } catch {
    return false
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** An instant as the site's wall-clock time for a datetime-local input ('' for none). */
export function toWallTime(iso: string | null, timeZone: string): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  const d = new Date(wallAsUtc(ms, timeZone))
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

export type WallKind = 'exact' | 'skipped' | 'repeated'

export interface ResolvedWallTime {
  /** The instant, ISO 8601 UTC with milliseconds. */
  iso: string
  /** skipped: the time does not exist that day (spring forward; moved later); repeated: it happens twice (fall back; the first is taken). */
  kind: WallKind
}

/** The site's wall-clock time (YYYY-MM-DDTHH:mm[:ss]) as an instant; undefined for an empty or malformed value. */
export function fromWallTime(wall: string, timeZone: string): ResolvedWallTime | undefined {
  const m = WALL.exec(wall.trim())
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined
  // The offsets a day either side cover any single transition near the wall time.
  const before = offsetAt(asUtc - DAY, timeZone)
  const after = offsetAt(asUtc + DAY, timeZone)
  const candidates = [...new Set([asUtc - before, asUtc - after])].filter((t) => wallAsUtc(t, timeZone) === asUtc).sort((a, b) => a - b)
  if (candidates.length === 0) return { iso: new Date(asUtc - before).toISOString(), kind: 'skipped' }
  return { iso: new Date(candidates[0]!).toISOString(), kind: candidates.length > 1 ? 'repeated' : 'exact' }
}

/** The viewer's own zone (the hint beside the site's time). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

/** An instant in the viewer's zone, in the UI language, with the zone's short name ("Jul 1, 2027, 10:00 PM GMT+9"). */
export function formatInZone(iso: string, lang: string, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)) + ` (${zoneName(iso, lang, timeZone)})`
}

function zoneName(iso: string, lang: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}
