import { featureRoute } from '../../app/baseRoutes'
import { transferRoutes } from './transfer/routes'

/** The sites list (top level, behind sign-in) and a site's settings (before the generic area route). */
export const sitesRoutes = [
  featureRoute('/sites', () => import('./SitesRoute')),
  featureRoute('/sites/$siteId/settings', () => import('./SiteSettingsRoute')),
  ...transferRoutes,
] as const
