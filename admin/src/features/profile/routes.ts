import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// eslint-disable-next-line no-restricted-imports -- a feature's routes hang under the app's base route (router.tsx lists them)
import { appRoute } from '../../app/baseRoutes'

/** The signed-in user's profile, data export and account deletion (top level: not about one site). */
export const profileRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/profile',
    component: lazyRouteComponent(() => import('./ProfileRoute')),
  }),
]
