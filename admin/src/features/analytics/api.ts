import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { TOP_N } from './report'

export const analyticsQueries = {
  report: (siteId: string, days: number) =>
    queryOptions({
      queryKey: ['site', siteId, 'analytics', 'report', days],
      queryFn: async () =>
        (await api().GET('/api/v1/sites/{site_id}/analytics/report', { params: { path: { site_id: siteId }, query: { days, top_n: TOP_N } } })).data!,
      placeholderData: (previous) => previous,
    }),
}

/** POST /sites/{site_id}/analytics/aggregate (Admin); the report is refetched afterwards. */
export function useAggregate(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await api().POST('/api/v1/sites/{site_id}/analytics/aggregate', { params: { path: { site_id: siteId } } })).data!,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'analytics'] }),
  })
}
