import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { getCredential } from '../shared/auth/session'
import { RootLayout } from './RootLayout'
import { NotFound } from './NotFound'
import { queryClient } from './queryClient'
import { validateBlogListSearch } from '../features/blogs/list/search'

/**
 * Code-based routes (one file each under routes/, every one a lazily loaded chunk). Code-based rather than file routes:
 * a dozen routes need no generator step in the build, and the paths stay typed all the same.
 */
const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound })

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (s: Record<string, unknown>): { redirect?: string; reason?: 'expired' | 'signed-out' } => ({
    ...(typeof s.redirect === 'string' ? { redirect: s.redirect } : {}),
    ...(s.reason === 'expired' || s.reason === 'signed-out' ? { reason: s.reason } : {}),
  }),
  component: lazyRouteComponent(() => import('../routes/sign-in')),
})

const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  component: lazyRouteComponent(() => import('../routes/auth-callback')),
})

/** Everything behind sign-in: without a credential in this tab, to sign-in and back here afterwards. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    // TanStack Router's way to redirect from beforeLoad is to throw its redirect object.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (getCredential() === null) throw redirect({ to: '/sign-in', search: { redirect: location.href } })
  },
  component: lazyRouteComponent(() => import('../routes/app-shell')),
})

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
  appRoute.addChildren([homeRoute, dashboardRoute, blogsRoute, blogNewRoute, blogEditRoute, areaRoute, recordRoute]),
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
