import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { appRoute } from '../../app/baseRoutes'
import { validateSiteSearch } from './search'

/** Site search over blogs, pages and documents; query, types and page in the search params. */
export const searchRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/search',
    validateSearch: validateSiteSearch,
    component: lazyRouteComponent(() => import('./SearchRoute')),
  }),
]
