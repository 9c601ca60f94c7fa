import { siteGet } from '../../shared/api/resource'
import { PER_PAGE, type SiteSearch } from './search'

const hits = siteGet(['search'], '/api/v1/sites/{site_id}/search')

export const searchQueries = {
  /** GET /sites/{site_id}/search: ranked hits over blogs, pages and documents in the site's default locale (or `locale`). */
  results: (siteId: string, search: SiteSearch, locale: string | undefined) => ({
    ...hits(siteId, {
      q: search.q ?? '',
      page: search.page ?? 1,
      per_page: PER_PAGE,
      ...(search.types ? { types: search.types } : {}),
      ...(locale ? { locale } : {}),
    }),
    enabled: (search.q ?? '') !== '',
  }),
}
