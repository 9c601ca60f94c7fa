import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

/** The webhooks of a site and one webhook's delivery log. */
export const webhooksRoutes = [
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/webhooks', component: lazyRouteComponent(() => import('./WebhooksRoute')) }),
  createRoute({ getParentRoute: () => appRoute, path: '/sites/$siteId/webhooks/$webhookId', component: lazyRouteComponent(() => import('./DeliveriesRoute')) }),
] as const
