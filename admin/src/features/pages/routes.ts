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

/** The editor; `/new` before `/$pageId`, and both before the generic area routes. */
const pageNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/pages/new',
  component: lazyRouteComponent(() => import('./PageEditorRoute')),
})

const pageEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/pages/$pageId',
  component: lazyRouteComponent(() => import('./PageEditorRoute')),
})

export const pageRoutes = [pagesRoute, pageNewRoute, pageEditRoute] as const
