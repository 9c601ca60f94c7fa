import { createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute, callbackRoute, rootRoute, signInRoute } from './baseRoutes'
import { queryClient } from './queryClient'
import { validateBlogListSearch } from '../features/blogs/list/search'
import { navigationRoutes } from '../features/navigation/routes'
import { pageRoutes } from '../features/pages/routes'

/**
 * Code-based routes (one file each under routes/ or a feature's folder, every one a lazily loaded chunk). Code-based
 * rather than file routes: no generator step in the build, and the paths stay typed all the same. A feature's routes
 * come from its `features/<name>/routes.ts` and are listed here before the generic area routes.
 */
const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../routes/home')),
})

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId',
  component: lazyRouteComponent(() => import('../routes/dashboard')),
})

/** The site's posts; paging, status filter and text query in the search params (before the generic area route). */
const blogsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/blogs',
  validateSearch: validateBlogListSearch,
  loaderDeps: ({ search }) => search,
  // The list's data starts loading with the route's chunk (the import shares that chunk, keeping the entry small).
  loader: async ({ params, deps }) => (await import('../features/blogs/api')).prefetchBlogList(queryClient, params.siteId, deps),
  component: lazyRouteComponent(() => import('../routes/blogs')),
})

/** The blog editor; before the generic area routes, which would otherwise take `/blogs/new` for a record id. */
const blogNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/blogs/new',
  component: lazyRouteComponent(() => import('../routes/blog-editor')),
})

const blogEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/blogs/$blogId',
  component: lazyRouteComponent(() => import('../routes/blog-editor')),
})

/** Screens of later parts: a placeholder with the screen's name, so the sidebar and palette already lead somewhere. */
const areaRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/$area',
  component: lazyRouteComponent(() => import('../routes/area')),
})

const recordRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/$area/$recordId',
  component: lazyRouteComponent(() => import('../routes/area')),
})

const routeTree = rootRoute.addChildren([
  signInRoute,
  callbackRoute,
  appRoute.addChildren([
    homeRoute,
    dashboardRoute,
    blogsRoute,
    blogNewRoute,
    blogEditRoute,
    // each feature's routes (features/<name>/routes.ts), one line each, before the generic area routes
    ...pageRoutes,
    ...navigationRoutes,
    areaRoute,
    recordRoute,
  ]),
])

export const router = createRouter({
  routeTree,
  basepath: '/admin',
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
