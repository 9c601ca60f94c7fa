import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'
import { transferRoutes } from './transfer/routes'

/** The sites list (top level, behind sign-in) and a site's settings (before the generic area route). */
export const sitesRoutes = [
  createRoute({ getParentRoute: () => appRoute, path: '/sites', component: lazyRouteComponent(() => import('./SitesRoute')) }),
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/settings', component: lazyRouteComponent(() => import('./SiteSettingsRoute')) }),
  ...transferRoutes,
] as const
