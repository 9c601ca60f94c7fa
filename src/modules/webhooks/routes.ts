import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record, site } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Paginated } from '../../http/pagination.js'
import { Body, IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import { webhookEntity } from './entity.js'
import {
  CreateWebhookBody,
  CreatedWebhook,
  DeliveryListQuery,
  DeliveryParams,
  QueuedRedelivery,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookListQuery,
} from './schemas.js'
import * as hooks from './service.js'

const route = operations('Webhooks', {
  testWebhook: [
    'Send a test delivery',
    'Sends one `webhook.test` payload now (signed, no retry) and answers the logged attempt: `success` false with the status code or error when the receiver refused it.',
  ],
  listWebhookDeliveries: [
    'List the delivery log of a webhook',
    'The delivery log, one record per attempt, newest first: status code, response time, error, attempt number, and `delivery_id` (the `webhook-id`). ' +
      'Kept `ATRIUM_WEBHOOK_LOG_RETENTION_DAYS` (default 30) days.',
  ],
  getWebhookDelivery: [
    'Get a delivery with its request and response',
    'One record of the delivery log (its `id` from the list, not the `webhook-id`) with what was sent and answered: `request_headers` ' +
      '(the signing headers; the secret never), `request_body`, `response_headers` and `response_body`, bodies cut to their first 4 KiB. ' +
      'Kept as long as the delivery log. Another webhook’s record: 404.',
  ],
  redeliverWebhookDelivery: [
    'Redeliver a delivery',
    'Queues one more attempt of the event this delivery-log record belongs to, due now, with the same `webhook-id` (receivers deduplicate on it) ' +
      'and answers 202. A finished delivery gets exactly one more attempt; one still being retried is sent now and keeps its remaining retries. ' +
      'Its outcome appears in the delivery log. 409 INVALID_STATE while the webhook is inactive or an attempt of the delivery is in progress; ' +
      '404 for a deleted webhook (its deliveries can no longer be sent) or another webhook’s record.',
  ],
  listSiteWebhooks: ['List the webhooks of a site', 'Live webhooks of the site, newest first. The signing secret is never listed.'],
  createWebhook: [
    'Create a webhook',
    'The answer carries `secret` (`whsec_` + base64 of 32 random bytes) once; it is not shown again. Deliveries follow Standard Webhooks: ' +
      'headers `webhook-id` (the same on every attempt of one delivery), `webhook-timestamp` and `webhook-signature` ' +
      '(`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the base64-decoded secret). Body: `{ type, timestamp, site_id, data }`. ' +
      '`events` from the closed list; empty or omitted: every event. The URL must be http(s) without credentials; loopback, private, ' +
      'link-local and metadata addresses are refused (400) here and again before every attempt after DNS resolution; loopback and private ones are allowed with ' +
      '`ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS=true` (link-local and metadata never); a host that does not resolve is refused too. Deliveries are retried with exponential ' +
      'backoff and jitter, 6 attempts in all; a 2xx ends them; redirects are not followed.',
  ],
  getWebhook: ['Get a webhook', 'With its signing secret (decisions.md: the creation answer and this GET are the only places it is shown; not cached).'],
  updateWebhook: ['Update a webhook', 'Partial update. A new URL is checked as on creation. The secret does not change.'],
  deleteWebhook: ['Delete a webhook', 'Stops deliveries at once (pending ones are logged as failed); the delivery log is kept until retention.'],
})

/** The delivery log: test sends, the log, one record with what was sent and answered, and redelivery. */
const deliveryRoutes: AppPlugin = async (app) => {
  app.post(
    '/webhooks/:id/test',
    route('testWebhook', {
      access: record(webhookEntity, 'Admin'),
      params: IdParams,
      body: Body({}),
      response: { 200: WebhookDelivery },
      preValidation: optionalBody,
    }),
    (req) => hooks.test(req.ctx, req.params.id),
  )

  app.get(
    '/webhooks/:id/deliveries',
    route('listWebhookDeliveries', {
      access: record(webhookEntity, 'Admin'),
      params: IdParams,
      querystring: DeliveryListQuery,
      response: { 200: Paginated(WebhookDelivery) },
    }),
    (req) => hooks.deliveries(req.ctx, req.params.id, req.query),
  )

  app.get(
    '/webhooks/:id/deliveries/:delivery_id',
    route('getWebhookDelivery', { access: record(webhookEntity, 'Admin'), params: DeliveryParams, response: { 200: WebhookDeliveryDetail } }),
    (req) => hooks.delivery(req.ctx, req.params),
  )

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    route('redeliverWebhookDelivery', {
      access: record(webhookEntity, 'Admin'),
      params: DeliveryParams,
      body: Body({}),
      response: { 202: QueuedRedelivery },
      preValidation: optionalBody,
    }),
    async (req, reply) => reply.code(202).send(await hooks.redeliver(req.ctx, req.params)),
  )
}

export const webhookRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/webhooks',
    route('listSiteWebhooks', { access: site('Admin'), params: SiteParams, querystring: WebhookListQuery, response: { 200: Paginated(Webhook) } }),
    (req) => hooks.list(req.ctx, req.params.site_id, req.query),
  )

  app.post(
    '/sites/:site_id/webhooks',
    route('createWebhook', { access: site('Admin'), secret: true, params: SiteParams, body: CreateWebhookBody, response: { 201: CreatedWebhook } }),
    async (req, reply) => {
      const created = await hooks.create(req.ctx, req.params.site_id, req.body)
      return reply.code(201).send(created)
    },
  )

  app.get(
    '/webhooks/:id',
    route('getWebhook', { access: record(webhookEntity, 'Admin'), secret: true, params: IdParams, response: { 200: CreatedWebhook } }),
    (req) => hooks.get(req.ctx, req.params.id),
  )

  app.put(
    '/webhooks/:id',
    route('updateWebhook', { access: record(webhookEntity, 'Admin'), params: IdParams, body: UpdateWebhookBody, response: { 200: Webhook } }),
    (req) => hooks.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/webhooks/:id',
    route('deleteWebhook', { access: record(webhookEntity, 'Admin'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await hooks.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
  await deliveryRoutes(app, {})
}
