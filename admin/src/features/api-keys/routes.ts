import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'
import { validateKeySearch } from './search'

/** The key list (filters in the URL) and one key's usage. */
export const apiKeysRoutes = [
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/api-keys',
    validateSearch: validateKeySearch,
    component: lazyRouteComponent(() => import('./ApiKeysRoute')),
  }),
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/api-keys/$keyId', component: lazyRouteComponent(() => import('./ApiKeyUsageRoute')) }),
] as const
