import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'
import { validatePageListSearch } from './search'

/** `/sites/$siteId/pages?page&per_page`: the list; paging in the URL. */
const pagesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/pages',
  validateSearch: validatePageListSearch,
  component: lazyRouteComponent(() => import('./PagesRoute')),
})

// The editor's routes are in app/router.tsx: routes/page-editor.tsx composes it with the media picker (another feature).
export const pageRoutes = [pagesRoute] as const
