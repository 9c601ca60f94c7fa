import { featureRoute } from '../../app/baseRoutes'

/** Tags and the category tree. */
export const taxonomyRoutes = [featureRoute('/sites/$siteId/taxonomy', () => import('./TaxonomyRoute'))] as const
