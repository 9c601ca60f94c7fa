import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
// A feature's routes hang from the app's base route (app/baseRoutes.ts exists for this): the one import of app/ allowed.

import { appRoute } from '../../app/baseRoutes'
import { validateMediaSearch } from './library/search'

/** The media library; view, folder, type, query, page and the open file live in the URL. */
const mediaLibraryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/media',
  validateSearch: validateMediaSearch,
  component: lazyRouteComponent(() => import('./MediaLibraryRoute')),
})

export const mediaRoutes = [mediaLibraryRoute] as const
