import { featureRoute } from '../../app/baseRoutes'
import { validateAnalyticsSearch } from './report'

/** Analytics; the period in the search params. */
export const analyticsRoutes = [featureRoute('/sites/$siteId/analytics', () => import('./AnalyticsRoute'), validateAnalyticsSearch)] as const
