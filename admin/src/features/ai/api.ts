import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { isAtriumError } from '../../shared/logic/errors'
import type { PutBody } from './presets'

export type AiConfig = Schemas['AiConfig']

/** The saved configuration and its ETag; `null` when the site has none yet (the API's 404). */
export const aiQueries = {
  config: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'ai', 'config'],
      queryFn: async (): Promise<{ config: AiConfig; etag: string | undefined } | null> => {
        try {
          const r = await api().GET('/api/v1/sites/{site_id}/ai/config', { params: { path: { site_id: siteId } } })
          return { config: r.data!, etag: etagOf(r) }
        } catch (e) {
          if (isAtriumError(e) && e.status === 404) return null
          throw e
        }
      },
      retry: false,
    }),
}

async function putConfig(siteId: string, body: PutBody, etag: string | undefined) {
  const r = await api().PUT('/api/v1/sites/{site_id}/ai/config', {
    params: { path: { site_id: siteId } },
    body,
    headers: etag ? { 'if-match': etag } : {},
  })
  return { config: r.data!, etag: etagOf(r) }
}

export function useSaveConfig(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, etag }: { body: PutBody; etag: string | undefined }) => putConfig(siteId, body, etag),
    onSuccess: (saved) => queryClient.setQueryData(aiQueries.config(siteId).queryKey, saved),
  })
}

export function useDeleteConfig(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/api/v1/sites/{site_id}/ai/config', { params: { path: { site_id: siteId } } })
    },
    onSuccess: () => queryClient.setQueryData(aiQueries.config(siteId).queryKey, null),
  })
}

/** POST /ai/models: the provider's models for the settings being written (not the saved ones). */
export function useListModels(siteId: string) {
  return useMutation({
    mutationFn: async (body: { base_url: string; provider_name: string; api_key?: string }) =>
      (await api().POST('/api/v1/sites/{site_id}/ai/models', { params: { path: { site_id: siteId } }, body })).data!,
  })
}

/** POST /ai/test: one small request with the saved configuration; always 200 with `{success, message}`. */
export function useTestConnection(siteId: string) {
  return useMutation({
    mutationFn: async () => (await api().POST('/api/v1/sites/{site_id}/ai/test', { params: { path: { site_id: siteId } }, body: {} })).data!,
  })
}
