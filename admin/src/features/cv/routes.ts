import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** CV entries with types, dates and "current". */
export const cvRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/cv',
    component: lazyRouteComponent(() => import('./CvRoute')),
  }),
] as const
