import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** Tags and the category tree. */
export const taxonomyRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/taxonomy',
    component: lazyRouteComponent(() => import('./TaxonomyRoute')),
  }),
] as const
