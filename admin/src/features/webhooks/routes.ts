import { featureRoute } from '../../app/baseRoutes'

/** The webhooks of a site, one webhook's delivery log, its edit form and one delivery with what was sent and answered. */
export const webhooksRoutes = [
  featureRoute('/sites/$siteId/webhooks', () => import('./WebhooksRoute')),
  featureRoute('/sites/$siteId/webhooks/$webhookId', () => import('./DeliveriesRoute')),
  featureRoute('/sites/$siteId/webhooks/$webhookId/edit', () => import('./EditWebhookRoute')),
  featureRoute('/sites/$siteId/webhooks/$webhookId/deliveries/$deliveryId', () => import('./DeliveryDetailRoute')),
] as const
