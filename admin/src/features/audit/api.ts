import { queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { siteGet, useSiteMutation } from '../../shared/api/resource'
import { auditQuery, type AuditSearch } from './search'

const log = siteGet(['audit', 'list'], '/api/v1/sites/{site_id}/audit')

/** The audit log's queries; keys start with the site, so switching sites never shows another site's entries. */
export const auditQueries = {
  list: (siteId: string, search: AuditSearch) => log(siteId, auditQuery(search)),
  /**
   * Names of who acts in the log: the site's members and the API keys the caller may list. Both need Admin; for
   * others the lists are empty and the log falls back to short ids.
   */
  actors: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'audit', 'actors'],
      queryFn: async () => {
        const [members, keys] = await Promise.all([
          api()
            .GET('/api/v1/sites/{site_id}/members', { params: { path: { site_id: siteId } } })
            .then((r) => r.data ?? [])
            .catch(() => []),
          api()
            .GET('/api/v1/api-keys', { params: { query: { per_page: 100 } } })
            .then((r) => r.data?.data ?? [])
            .catch(() => []),
        ])
        const users = new Map(members.map((m) => [m.user_id, m.name ?? m.email ?? m.idp_user_id]))
        return { users, keys: new Map(keys.map((k) => [k.id, k.name])) }
      },
      staleTime: 60_000,
      retry: false,
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
  return useSiteMutation(
    ['site', siteId],
    async (changeIds: string[]) => (await api().POST('/api/v1/audit/history/revert', { body: { change_ids: changeIds } })).data!,
  )
}
