import type { Schemas } from '@atrium-cms/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { singleton } from '../../shared/api/resource'

export type AiConfig = Schemas['AiConfig']

/** The saved configuration and its ETag; `null` when the site has none yet (the API's 404). */
export const aiConfig = singleton({ key: ['ai', 'config'], path: '/api/v1/sites/{site_id}/ai/config', orNull: true })

export function useDeleteConfig(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/api/v1/sites/{site_id}/ai/config', { params: { path: { site_id: siteId } } })
    },
    onSuccess: () => queryClient.setQueryData(aiConfig.query(siteId).queryKey, null),
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
