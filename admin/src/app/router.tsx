import { createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute, callbackRoute, featureRoute, rootRoute, signInRoute } from './baseRoutes'
import { queryClient } from './queryClient'
import { validateBlogListSearch } from '../features/blogs/list/search'
import { documentRoutes } from '../features/documents/routes'
import { templateRoutes } from '../features/templates/routes'
import { legalRoutes } from '../features/legal/routes'
import { mediaRoutes } from '../features/media/routes'
import { aiRoutes } from '../features/ai/routes'
import { analyticsRoutes } from '../features/analytics/routes'
import { auditRoutes } from '../features/audit/routes'
import { notificationsRoutes } from '../features/notifications/routes'
import { profileRoutes } from '../features/profile/routes'
import { searchRoutes } from '../features/search/routes'
import { sitesRoutes } from '../features/sites/routes'
import { membersRoutes } from '../features/members/routes'
import { apiKeysRoutes } from '../features/api-keys/routes'
import { webhooksRoutes } from '../features/webhooks/routes'
import { redirectsRoutes } from '../features/redirects/routes'
import { taxonomyRoutes } from '../features/taxonomy/routes'
import { socialRoutes } from '../features/social/routes'
import { skillsRoutes } from '../features/skills/routes'
import { cvRoutes } from '../features/cv/routes'
import { navigationRoutes } from '../features/navigation/routes'
import { pageRoutes } from '../features/pages/routes'

/**
 * Code-based routes (one file each under routes/ or a feature's folder, every one a lazily loaded chunk). Code-based
 * rather than file routes: no generator step in the build, and the paths stay typed all the same. A feature's routes
 * come from its `features/<name>/routes.ts` and are listed here before the generic area routes.
 */
const homeRoute = featureRoute('/', () => import('../routes/home'))

const dashboardRoute = featureRoute('/sites/$siteId', () => import('../routes/dashboard'))

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
const blogNewRoute = featureRoute('/sites/$siteId/blogs/new', () => import('../routes/blog-editor'))

const blogEditRoute = featureRoute('/sites/$siteId/blogs/$blogId', () => import('../routes/blog-editor'))

/** The page editor, composed with the media picker (routes/page-editor.tsx); `/new` before `/$pageId`, both before the generic area routes. */
const pageNewRoute = featureRoute('/sites/$siteId/pages/new', () => import('../routes/page-editor'))

const pageEditRoute = featureRoute('/sites/$siteId/pages/$pageId', () => import('../routes/page-editor'))

/** Screens of later parts: a placeholder with the screen's name, so the sidebar and palette already lead somewhere. */
const areaRoute = featureRoute('/sites/$siteId/$area', () => import('../routes/area'))

const recordRoute = featureRoute('/sites/$siteId/$area/$recordId', () => import('../routes/area'))

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
    ...documentRoutes,
    ...templateRoutes,
    ...legalRoutes,
    ...mediaRoutes,
    ...aiRoutes,
    ...analyticsRoutes,
    ...auditRoutes,
    ...notificationsRoutes,
    ...profileRoutes,
    ...searchRoutes,
    ...sitesRoutes,
    ...membersRoutes,
    ...apiKeysRoutes,
    ...webhooksRoutes,
    ...redirectsRoutes,
    ...taxonomyRoutes,
    ...socialRoutes,
    ...skillsRoutes,
    ...cvRoutes,
    ...pageRoutes,
    pageNewRoute,
    pageEditRoute,
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
