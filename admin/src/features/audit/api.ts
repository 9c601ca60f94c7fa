import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { auditQuery, type AuditSearch } from './search'

/** The audit log's queries; keys start with the site, so switching sites never shows another site's entries. */
export const auditQueries = {
  list: (siteId: string, search: AuditSearch) =>
    queryOptions({
      queryKey: ['site', siteId, 'audit', 'list', search],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/audit', { params: { path: { site_id: siteId }, query: auditQuery(search) } })).data!,
      placeholderData: (previous) => previous,
    }),
  history: (siteId: string, entityType: string, entityId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'audit', 'history', entityType, entityId],
      queryFn: async () =>
        (await api().GET('/api/v1/audit/history/{entity_type}/{entity_id}', { params: { path: { entity_type: entityType, entity_id: entityId } } })).data!,
    }),
}

/** POST /audit/history/revert (Admin): pessimistic; afterwards the log and every history of the site are refetched. */
export function useRevert(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (changeIds: string[]) => (await api().POST('/api/v1/audit/history/revert', { body: { change_ids: changeIds } })).data!,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site', siteId] }),
  })
}
