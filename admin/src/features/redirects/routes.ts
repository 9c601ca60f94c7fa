import { featureRoute } from '../../app/baseRoutes'

/** The redirects screen (list, search, create/edit, test a path, CSV import). */
export const redirectsRoutes = [featureRoute('/sites/$siteId/redirects', () => import('./RedirectsRoute'))] as const
