/*
 * The audit log's filters and page in the URL (TanStack Router validateSearch), so a shared link or a reload shows the
 * same entries; and their translation into the API's query (GET /sites/{site_id}/audit: entity_type, action, user_id,
 * api_key_id, from inclusive, to exclusive). Dates are whole days in the viewer's time zone: `to` names the last day
 * shown. Anything malformed falls back to "no filter" rather than failing the route.
 */
export const AUDIT_ACTIONS = ['Create', 'Update', 'Delete', 'Review', 'Revert', 'Publish', 'Block', 'Unblock', 'Revoke', 'Login', 'Export', 'Import'] as const
export const AUDIT_ENTITY_TYPES = [
  'blog',
  'blog_localization',
  'page',
  'page_section',
  'media',
  'document',
  'navigation_menu',
  'navigation_item',
  'category',
  'tag',
  'legal_document',
  'content_template',
  'redirect',
  'social_link',
  'skill',
  'cv_entry',
  'site',
  'site_settings',
  'locale',
  'site_member',
  'webhook',
  'api_key',
  'ai_config',
  'ai_generation',
  'analytics',
] as const
export const PER_PAGE = 25

export interface AuditSearch {
  page?: number
  entity_type?: string
  action?: string
  user_id?: string
  api_key_id?: string
  /** YYYY-MM-DD, first day shown */
  from?: string
  /** YYYY-MM-DD, last day shown */
  to?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DATE = /^\d{4}-\d{2}-\d{2}$/
const ENTITY = /^[a-z][a-z0-9_]{0,59}$/
const ACTION = /^[A-Za-z]{1,40}$/

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const validDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))

export const isUuid = (v: string): boolean => UUID.test(v)

export function validateAuditSearch(s: Record<string, unknown>): AuditSearch {
  const page = typeof s.page === 'number' ? s.page : Number(str(s.page))
  const out: AuditSearch = {}
  if (Number.isInteger(page) && page > 1) out.page = page
  if (ENTITY.test(str(s.entity_type))) out.entity_type = str(s.entity_type)
  if (ACTION.test(str(s.action))) out.action = str(s.action)
  if (UUID.test(str(s.user_id))) out.user_id = str(s.user_id).toLowerCase()
  if (UUID.test(str(s.api_key_id))) out.api_key_id = str(s.api_key_id).toLowerCase()
  if (validDate(str(s.from))) out.from = str(s.from)
  if (validDate(str(s.to))) out.to = str(s.to)
  return out
}

/** Local midnight of a YYYY-MM-DD day as an ISO instant (`days` later for the exclusive end). */
export function dayStart(day: string, days = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d + days).toISOString()
}

/** The API's query for a search. */
export function auditQuery(search: AuditSearch) {
  return {
    page: search.page ?? 1,
    per_page: PER_PAGE,
    ...(search.entity_type ? { entity_type: search.entity_type } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.user_id ? { user_id: search.user_id } : {}),
    ...(search.api_key_id ? { api_key_id: search.api_key_id } : {}),
    ...(search.from ? { from: dayStart(search.from) } : {}),
    ...(search.to ? { to: dayStart(search.to, 1) } : {}),
  }
}

export const hasFilters = (s: AuditSearch): boolean => Boolean(s.entity_type || s.action || s.user_id || s.api_key_id || s.from || s.to)
