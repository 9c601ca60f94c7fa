import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// eslint-disable-next-line no-restricted-imports -- a feature's routes hang under the app's base route (router.tsx lists them)
import { appRoute } from '../../app/baseRoutes'
import { validateAuditSearch } from './search'

/** The audit log; filters and page in the search params. */
export const auditRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/audit',
    validateSearch: validateAuditSearch,
    component: lazyRouteComponent(() => import('./AuditRoute')),
  }),
]
