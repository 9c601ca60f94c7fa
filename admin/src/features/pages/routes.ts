import { featureRoute } from '../../app/baseRoutes'
import { validatePageListSearch } from './search'

/** `/sites/$siteId/pages?page&per_page`: the list; paging in the URL. */
export const pageRoutes = [featureRoute('/sites/$siteId/pages', () => import('./PagesRoute'), validatePageListSearch)] as const

// The editor's routes are in app/router.tsx: routes/page-editor.tsx composes it with the media picker (another feature).
