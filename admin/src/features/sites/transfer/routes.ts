import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../../app/baseRoutes'

/** A site's export (its archive as a download) and the import of an archive as a new site (not about one site). */
export const transferRoutes = [
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/export', component: lazyRouteComponent(() => import('./ExportRoute')) }),
  createRoute({ getParentRoute: () => appRoute, path: '/sites/import', component: lazyRouteComponent(() => import('./ImportRoute')) }),
] as const
