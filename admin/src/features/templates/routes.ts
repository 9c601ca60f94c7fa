import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

export interface TemplatesSearch {
  q?: string
  page?: number
}

export function validateTemplatesSearch(s: Record<string, unknown>): TemplatesSearch {
  const page = Number(s.page)
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  return { ...(q ? { q } : {}), ...(Number.isInteger(page) && page > 1 ? { page } : {}) }
}

const templatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/templates',
  validateSearch: validateTemplatesSearch,
  component: lazyRouteComponent(() => import('./TemplatesRoute')),
})

export const templateRoutes = [templatesRoute] as const
