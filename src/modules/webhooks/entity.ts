import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { webhooks } from '../../db/schema/webhooks.js'

/** A webhook of a site (Admin only); fires no events itself. */
export const webhookEntity = defineEntity({ name: 'webhook', scope: siteOwned(webhooks) })
