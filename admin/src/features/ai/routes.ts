import { createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { appRoute } from '../../app/baseRoutes'

/** The site's AI provider configuration. */
export const aiRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/ai',
    component: lazyRouteComponent(() => import('./AiRoute')),
  }),
]
