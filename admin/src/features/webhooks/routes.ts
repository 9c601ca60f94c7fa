import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** The webhooks of a site, one webhook's delivery log, its edit form and one delivery with what was sent and answered. */
export const webhooksRoutes = [
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/webhooks', component: lazyRouteComponent(() => import('./WebhooksRoute')) }),
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/webhooks/$webhookId', component: lazyRouteComponent(() => import('./DeliveriesRoute')) }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/webhooks/$webhookId/edit',
    component: lazyRouteComponent(() => import('./EditWebhookRoute')),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sites/$siteId/webhooks/$webhookId/deliveries/$deliveryId',
    component: lazyRouteComponent(() => import('./DeliveryDetailRoute')),
  }),
] as const
