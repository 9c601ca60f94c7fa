import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// eslint-disable-next-line no-restricted-imports -- a feature's routes hang under the app's base route (router.tsx lists them)
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
