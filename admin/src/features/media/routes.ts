import { featureRoute } from '../../app/baseRoutes'
import { validateMediaSearch } from './library/search'

/** The media library; view, folder, type, query, page and the open file live in the URL. */
export const mediaRoutes = [featureRoute('/sites/$siteId/media', () => import('./MediaLibraryRoute'), validateMediaSearch)] as const
