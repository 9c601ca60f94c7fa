import type { Schemas } from '@atrium-cms/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource, useSiteMutation } from '../../shared/api/resource'

export type Webhook = Schemas['Webhook']
export type CreateWebhookBody = Schemas['CreateWebhookBody']

/*
 * Webhooks of a site, and one webhook's delivery log. The signing secret is never cached: creation is a plain call
 * whose answer the form holds in state, and GET /webhooks/{id} (which repeats the secret) is not used at all.
 */
export const webhookResource = resource({ key: 'webhooks', list: '/api/v1/sites/{site_id}/webhooks', item: '/api/v1/webhooks/{id}' })

export const webhookQueries = {
  list: (siteId: string) => webhookResource.list(siteId, { per_page: 100 }),
  deliveries: (siteId: string, id: string, page: number) =>
    queryOptions({
      queryKey: [...webhookResource.key(siteId), id, 'deliveries', page],
      queryFn: async () => (await api().GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: { page, per_page: 100 } } })).data!,
      placeholderData: keepPreviousData,
    }),
}

export async function createWebhook(siteId: string, body: CreateWebhookBody): Promise<Schemas['WebhookWithSecret']> {
  return (await api().POST('/api/v1/sites/{site_id}/webhooks', { params: { path: { site_id: siteId } }, body })).data!
}

export function useWebhookActions(siteId: string) {
  const m = webhookResource.useMutations(siteId)
  return {
    setActive: useSiteMutation(webhookResource.key(siteId), ({ id, is_active }: { id: string; is_active: boolean }) =>
      m.update.mutateAsync({ id, body: { is_active }, etag: undefined }),
    ),
    test: useSiteMutation(
      webhookResource.key(siteId),
      async (id: string) => (await api().POST('/api/v1/webhooks/{id}/test', { params: { path: { id } }, body: {} })).data!,
    ),
    remove: m.remove,
    invalidate: m.invalidate,
  }
}
