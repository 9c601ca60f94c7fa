/** The notifications page's URL search params: which site, which page. */
export interface NotificationsSearch {
  site?: string
  page?: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function validateNotificationsSearch(s: Record<string, unknown>): NotificationsSearch {
  const page = Number(s.page)
  return {
    ...(typeof s.site === 'string' && UUID.test(s.site) ? { site: s.site.toLowerCase() } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}
