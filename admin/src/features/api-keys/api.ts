import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource, useSiteMutation } from '../../shared/api/resource'
import type { KeySearch } from './search'

export type ApiKey = Schemas['ApiKey']
export type CreateKeyBody = Schemas['CreateApiKeyBody']

/*
 * API keys on the resource factory (shared/api/resource), unscoped: they are not of one site (GET /api-keys filters
 * by site), so their keys start with ['api-keys']. The plaintext of a new key never enters any cache (the factory's
 * create is a mutation, whose state would keep the answer): creation is a plain call whose answer the form holds in
 * state. Block, unblock, revoke and the usage reports are no plain CRUD and stay explicit.
 */
const keyResource = resource({ key: 'api-keys', unscoped: true, list: '/api/v1/api-keys', item: '/api/v1/api-keys/{id}' })
/** Every API key query starts with the resource's key: a block, unblock or revoke refreshes the usage reports too. */
const KEYS = keyResource.key('')

export const keyQueries = {
  list: (siteId: string, search: KeySearch) => {
    const query = {
      page: search.page ?? 1,
      per_page: 20,
      ...(search.status ? { status: search.status } : {}),
      ...(search.permission ? { permission: search.permission } : {}),
      ...(search.scope === 'all' ? {} : { site_id: siteId }),
    }
    return keyResource.list(siteId, query)
  },
  detail: (id: string) => queryOptions({ queryKey: [...KEYS, 'detail', id], queryFn: async () => (await keyResource.get(id)).data }),
  daily: (id: string, days: number) =>
    queryOptions({
      queryKey: [...KEYS, 'daily', id, days],
      queryFn: async () => (await api().GET('/api/v1/api-keys/{id}/usage/daily', { params: { path: { id }, query: { days } } })).data!,
    }),
  latest: (id: string) =>
    queryOptions({
      queryKey: [...KEYS, 'usage', id],
      queryFn: async () => (await api().GET('/api/v1/api-keys/{id}/usage', { params: { path: { id }, query: { limit: 20 } } })).data!,
    }),
}

/** POST /api-keys: returns the created key, plaintext included, to the caller only (no cache, no storage). */
export async function createKey(body: CreateKeyBody): Promise<Schemas['CreatedApiKey']> {
  return (await api().POST('/api/v1/api-keys', { body })).data!
}

const path = (id: string) => ({ params: { path: { id } } })

export function useKeyActions() {
  const qc = useQueryClient()
  return {
    block: useSiteMutation(
      KEYS,
      async ({ id, reason }: { id: string; reason: string }) =>
        (await api().POST('/api/v1/api-keys/{id}/block', { ...path(id), body: reason ? { reason } : {} })).data!,
    ),
    unblock: useSiteMutation(KEYS, async (id: string) => (await api().POST('/api/v1/api-keys/{id}/unblock', { ...path(id), body: {} })).data!),
    revoke: useSiteMutation(KEYS, async (id: string) => (await api().POST('/api/v1/api-keys/{id}/revoke', { ...path(id), body: {} })).data!),
    invalidate: () => qc.invalidateQueries({ queryKey: KEYS }),
  }
}
