import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { appRoute } from '../../app/baseRoutes'

/** The signed-in user's profile, data export and account deletion (top level: not about one site). */
export const profileRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/profile',
    component: lazyRouteComponent(() => import('./ProfileRoute')),
  }),
]
