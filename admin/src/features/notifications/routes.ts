import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// eslint-disable-next-line no-restricted-imports -- a feature's routes hang under the app's base route (router.tsx lists them)
import { appRoute } from '../../app/baseRoutes'
import { validateNotificationsSearch } from './search'

/** The signed-in user's notifications (top level: a user has them on every site they belong to). */
export const notificationsRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/notifications',
    validateSearch: validateNotificationsSearch,
    component: lazyRouteComponent(() => import('./NotificationsRoute')),
  }),
]
