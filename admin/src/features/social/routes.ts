import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** Social links, reorderable. */
export const socialRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/social',
    component: lazyRouteComponent(() => import('./SocialRoute')),
  }),
] as const
