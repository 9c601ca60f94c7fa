import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client'
import type { ChangeHistoryEntry } from '../../logic/historyDiff'

/** The change history of one record, newest first (GET /audit/history/{entity_type}/{entity_id}). */
export const historyQuery = (siteId: string, entityType: string, entityId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'history', entityType, entityId],
    queryFn: async (): Promise<ChangeHistoryEntry[]> =>
      (await api().GET('/api/v1/audit/history/{entity_type}/{entity_id}', { params: { path: { entity_type: entityType, entity_id: entityId } } })).data!,
    // A record nobody changed through the audited API yet has no entries: the audit answers 404 then.
    retry: false,
  })

/** POST /audit/history/revert: ids of one entity; answers the fields it restored. */
export async function revertChanges(changeIds: string[]) {
  return (await api().POST('/api/v1/audit/history/revert', { body: { change_ids: changeIds } })).data!
}

/** An API key's name, when the caller may read it (Admin); else undefined and the key is shown by its id. */
export const apiKeyNameQuery = (id: string) =>
  queryOptions({
    queryKey: ['apiKeyName', id],
    queryFn: async () => (await api().GET('/api/v1/api-keys/{id}', { params: { path: { id } } })).data!.name,
    retry: false,
    staleTime: Infinity,
  })
