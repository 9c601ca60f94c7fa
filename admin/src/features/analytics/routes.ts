import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { appRoute } from '../../app/baseRoutes'
import { validateAnalyticsSearch } from './report'

/** Analytics; the period in the search params. */
export const analyticsRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/analytics',
    validateSearch: validateAnalyticsSearch,
    component: lazyRouteComponent(() => import('./AnalyticsRoute')),
  }),
]
