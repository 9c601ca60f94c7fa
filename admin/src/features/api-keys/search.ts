/** The key list's filters in the URL: status, permission, this site or every key the caller may see, page. */
export const KEY_STATUSES = ['Active', 'Blocked', 'Revoked', 'Expired'] as const
export const KEY_PERMISSIONS = ['Read', 'Write', 'Admin', 'Master'] as const
export type KeyStatus = (typeof KEY_STATUSES)[number]
export type KeyPermission = (typeof KEY_PERMISSIONS)[number]

export interface KeySearch {
  status?: KeyStatus
  permission?: KeyPermission
  scope?: 'all'
  page?: number
}

const pick = <T extends string>(list: readonly T[], v: unknown): T | undefined => ((list as readonly unknown[]).includes(v) ? (v as T) : undefined)

export function validateKeySearch(s: Record<string, unknown>): KeySearch {
  const page = typeof s.page === 'number' ? s.page : Number(s.page)
  return {
    ...(pick(KEY_STATUSES, s.status) ? { status: pick(KEY_STATUSES, s.status) } : {}),
    ...(pick(KEY_PERMISSIONS, s.permission) ? { permission: pick(KEY_PERMISSIONS, s.permission) } : {}),
    ...(s.scope === 'all' ? { scope: 'all' as const } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}

/** Usage days → chart points: a label per day (formatted by the caller) and the requests by status class. */
export function usagePoints(days: { date: string; by_status: Record<'2xx' | '3xx' | '4xx' | '5xx', number> }[], formatDay: (date: string) => string) {
  return days.map((d) => ({ label: formatDay(d.date), values: { ...d.by_status } }))
}

/** Which state changes a key offers: block an Active one, unblock a Blocked one, revoke either; nothing after Revoked or Expired. */
export function keyTransitions(status: KeyStatus): { block: boolean; unblock: boolean; revoke: boolean } {
  return { block: status === 'Active', unblock: status === 'Blocked', revoke: status === 'Active' || status === 'Blocked' }
}
