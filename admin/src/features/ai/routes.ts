import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// eslint-disable-next-line no-restricted-imports -- a feature's routes hang under the app's base route (router.tsx lists them)
import { appRoute } from '../../app/baseRoutes'

/** The site's AI provider configuration. */
export const aiRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/ai',
    component: lazyRouteComponent(() => import('./AiRoute')),
  }),
]
