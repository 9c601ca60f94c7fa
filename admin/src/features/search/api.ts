import { queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { PER_PAGE, type SiteSearch } from './search'

export const searchQueries = {
  /** GET /sites/{site_id}/search: ranked hits over blogs, pages and documents in the site's default locale (or `locale`). */
  results: (siteId: string, search: SiteSearch, locale: string | undefined) =>
    queryOptions({
      queryKey: ['site', siteId, 'search', search, locale ?? null],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/search', {
            params: {
              path: { site_id: siteId },
              query: {
                q: search.q ?? '',
                page: search.page ?? 1,
                per_page: PER_PAGE,
                ...(search.types ? { types: search.types } : {}),
                ...(locale ? { locale } : {}),
              },
            },
          })
        ).data!,
      enabled: (search.q ?? '') !== '',
      placeholderData: (previous) => previous,
    }),
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
}
