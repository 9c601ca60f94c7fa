import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

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
