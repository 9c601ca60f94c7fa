/*
 * The redirect rules the server applies (src/modules/redirects), mirrored for fast feedback: the API decides.
 * Source: a path starting with `/`, no whitespace, at most 2000 characters, stored without a trailing slash (but `/`).
 * Destination: a path starting with `/` or an absolute http(s) URL. The two differ after normalising. 301 or 302.
 */

export const STATUS_CODES = [301, 302] as const
export type StatusCode = (typeof STATUS_CODES)[number]
export const MAX_PATH = 2000

export interface RedirectInput {
  source_path: string
  destination_path: string
  status_code: StatusCode
  is_active: boolean
}

/** i18n keys (namespace `redirects`, under `rules.`) of what is wrong with a field. */
export type RuleError = 'required' | 'sourceFormat' | 'destinationFormat' | 'tooLong' | 'same' | 'statusCode' | 'duplicateInFile' | 'exists' | 'isActive'
export type FieldProblems = Partial<Record<keyof RedirectInput, RuleError>>

/** A leading slash, no trailing slash (but the root `/`): how the server stores and looks up source paths. */
export function normalizePath(path: string): string {
  let p = path.startsWith('/') ? path : `/${path}`
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

/** Destinations that are paths of the site are normalised like sources; absolute URLs stay as given. */
export const normalizeDestination = (d: string): string => (d.startsWith('/') ? normalizePath(d) : d)

const SOURCE = /^\/\S*$/
const DESTINATION = /^(\/|https?:\/\/)\S*$/

/** The field problems of one redirect (empty when the server should accept it, uniqueness aside). */
export function checkRedirect(v: { source_path: string; destination_path: string; status_code?: number }): FieldProblems {
  const out: FieldProblems = {}
  const source = v.source_path.trim()
  const destination = v.destination_path.trim()
  if (source === '') out.source_path = 'required'
  else if (source.length > MAX_PATH) out.source_path = 'tooLong'
  else if (!SOURCE.test(source)) out.source_path = 'sourceFormat'
  if (destination === '') out.destination_path = 'required'
  else if (destination.length > MAX_PATH) out.destination_path = 'tooLong'
  else if (!DESTINATION.test(destination)) out.destination_path = 'destinationFormat'
  if (!out.source_path && !out.destination_path && normalizePath(source) === normalizeDestination(destination)) out.destination_path = 'same'
  if (v.status_code !== undefined && !(STATUS_CODES as readonly number[]).includes(v.status_code)) out.status_code = 'statusCode'
  return out
}

/** Filters a list by a text query over source and destination (case-insensitive), for the searchable list. */
export function matchesQuery(r: { source_path: string; destination_path: string }, q: string): boolean {
  const needle = q.trim().toLowerCase()
  if (needle === '') return true
  return r.source_path.toLowerCase().includes(needle) || r.destination_path.toLowerCase().includes(needle)
}
