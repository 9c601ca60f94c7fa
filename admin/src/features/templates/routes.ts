import { featureRoute } from '../../app/baseRoutes'

export interface TemplatesSearch {
  q?: string
  page?: number
}

export function validateTemplatesSearch(s: Record<string, unknown>): TemplatesSearch {
  const page = Number(s.page)
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  return { ...(q ? { q } : {}), ...(Number.isInteger(page) && page > 1 ? { page } : {}) }
}

export const templateRoutes = [featureRoute('/sites/$siteId/templates', () => import('./TemplatesRoute'), validateTemplatesSearch)] as const
