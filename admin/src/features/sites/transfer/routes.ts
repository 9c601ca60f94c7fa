import { featureRoute } from '../../../app/baseRoutes'

/** A site's export (its archive as a download) and the import of an archive as a new site (not about one site). */
export const transferRoutes = [
  featureRoute('/sites/$siteId/export', () => import('./ExportRoute')),
  featureRoute('/sites/import', () => import('./ImportRoute')),
] as const
