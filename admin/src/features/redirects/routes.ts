import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** The redirects screen (list, search, create/edit, test a path, CSV import). */
export const redirectsRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/redirects',
    component: lazyRouteComponent(() => import('./RedirectsRoute')),
  }),
] as const
