import { featureRoute } from '../../app/baseRoutes'
import { validateSiteSearch } from './search'

/** Site search over blogs, pages and documents; query, types and page in the search params. */
export const searchRoutes = [featureRoute('/sites/$siteId/search', () => import('./SearchRoute'), validateSiteSearch)] as const
