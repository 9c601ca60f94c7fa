import { featureRoute } from '../../app/baseRoutes'

/** CV entries with types, dates and "current". */
export const cvRoutes = [featureRoute('/sites/$siteId/cv', () => import('./CvRoute'))] as const
