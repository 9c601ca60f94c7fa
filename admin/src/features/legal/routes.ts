import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

const legalRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/legal',
  component: lazyRouteComponent(() => import('./LegalListRoute')),
})

const legalDocRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/legal/$legalId',
  component: lazyRouteComponent(() => import('./LegalDocRoute')),
})

export const legalRoutes = [legalRoute, legalDocRoute] as const
