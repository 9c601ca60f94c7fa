import type { Schemas } from '@atrium-cms/client'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'

export type Webhook = Schemas['Webhook']
export type CreateWebhookBody = Schemas['CreateWebhookBody']

/*
 * Webhooks of a site, and one webhook's delivery log. The signing secret is never cached: creation is a plain call
 * whose answer the form holds in state, and GET /webhooks/{id} (which repeats the secret) is not used at all.
 */
export const webhookQueries = {
  list: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'webhooks'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: siteId }, query: { per_page: 100 } } })).data!,
    }),
  deliveries: (siteId: string, id: string, page: number) =>
    queryOptions({
      queryKey: ['site', siteId, 'webhooks', id, 'deliveries', page],
      queryFn: async () => (await api().GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: { page, per_page: 100 } } })).data!,
      placeholderData: keepPreviousData,
    }),
}

export async function createWebhook(siteId: string, body: CreateWebhookBody): Promise<Schemas['WebhookWithSecret']> {
  return (await api().POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: siteId } }, body })).data!
}

export function useWebhookActions(siteId: string) {
  const qc = useQueryClient()
  const settle = () => qc.invalidateQueries({ queryKey: ['site', siteId, 'webhooks'] })
  return {
    setActive: useMutation({
      mutationFn: async ({ id, is_active }: { id: string; is_active: boolean }) =>
        (await api().PUT('/api/v1/webhooks/{id}', { params: { path: { id } }, body: { is_active } })).data!,
      onSettled: settle,
    }),
    test: useMutation({
      mutationFn: async (id: string) => (await api().POST('/api/v1/webhooks/{id}/test', { params: { path: { id } }, body: {} })).data!,
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await api().DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } })
      },
      onSettled: settle,
    }),
    invalidate: settle,
  }
}
