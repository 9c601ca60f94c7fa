import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

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
