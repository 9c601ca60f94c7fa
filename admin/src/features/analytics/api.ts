import { api } from '../../shared/api/client'
import { siteGet, useSiteMutation } from '../../shared/api/resource'
import { TOP_N } from './report'

const report = siteGet(['analytics', 'report'], '/api/v1/sites/{site_id}/analytics/report')

export const analyticsQueries = {
  report: (siteId: string, days: number) => report(siteId, { days, top_n: TOP_N }),
}

/** POST /sites/{site_id}/analytics/aggregate (Admin); the report is refetched afterwards. */
export function useAggregate(siteId: string) {
  return useSiteMutation(
    ['site', siteId, 'analytics'],
    async () => (await api().POST('/api/v1/sites/{site_id}/analytics/aggregate', { params: { path: { site_id: siteId } } })).data!,
  )
}
