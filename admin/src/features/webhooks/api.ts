import type { Schemas } from '@atrium-cms/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource, useSiteMutation } from '../../shared/api/resource'

export type Webhook = Schemas['Webhook']
export type CreateWebhookBody = Schemas['CreateWebhookBody']
export type DeliveryDetail = Schemas['WebhookDeliveryDetail']

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
  /** One record of the log with what was sent and answered (`deliveryId`: the record's id, not the webhook-id). */
  delivery: (siteId: string, id: string, deliveryId: string) =>
    queryOptions({
      queryKey: [...webhookResource.key(siteId), id, 'delivery', deliveryId],
      queryFn: async () => (await api().GET('/api/v1/webhooks/{id}/deliveries/{delivery_id}', { params: { path: { id, delivery_id: deliveryId } } })).data!,
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
    /** A partial update from the edit form (the secret never changes). */
    update: useSiteMutation(webhookResource.key(siteId), async ({ id, body }: { id: string; body: Partial<CreateWebhookBody> & { is_active?: boolean } }) =>
      m.update.mutateAsync({ id, body, etag: undefined }),
    ),
    /** One more attempt of the delivery's event, same webhook-id; pessimistic: the log shows it once the worker sent it. */
    redeliver: useSiteMutation(
      webhookResource.key(siteId),
      async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        (await api().POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id, delivery_id: deliveryId } } })).data!,
    ),
    remove: m.remove,
    invalidate: m.invalidate,
  }
}
