import { Type, type Static } from 'typebox'
import { EVENT_TYPES, type EventType } from '../../core/events.js'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, Nullable, PatchBody, Timestamp, Uuid } from '../../http/schemas.js'

const EventName = Type.Unsafe<EventType>({ type: 'string', enum: [...EVENT_TYPES], description: 'An event type (decisions.md "Webhooks")' })
const Events = Type.Array(EventName, { maxItems: EVENT_TYPES.length, uniqueItems: true, description: 'Subscribed events; empty or omitted: every event' })
const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^https?://\\S+$',
  description:
    'http(s) URL without credentials; loopback, private, link-local and metadata addresses are refused (at write time and before every attempt, after DNS resolution)',
})
const Description = Nullable(Type.String({ maxLength: 500, description: 'Unset: null; send null to clear' }))

const webhookFields = {
  id: Uuid,
  site_id: Uuid,
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}

export const Webhook = Type.Object(webhookFields, { $id: 'Webhook' })
export type Webhook = Static<typeof Webhook>

export const CreatedWebhook = Type.Object(
  {
    ...webhookFields,
    secret: Type.String({
      description: "whsec_<base64 of 32 bytes>: the Standard Webhooks signing secret, shown only in the creation answer and the webhook's own GET",
    }),
  },
  { $id: 'WebhookWithSecret' },
)
export type CreatedWebhook = Static<typeof CreatedWebhook>

export const CreateWebhookBody = Body({
  url: Url,
  description: Type.Optional(Description),
  events: Type.Optional(Events),
  is_active: Type.Optional(Type.Boolean({ default: true })),
})
export type CreateWebhookBody = Static<typeof CreateWebhookBody>

export const UpdateWebhookBody = PatchBody({ url: Url, description: Description, events: Events, is_active: Type.Boolean() })
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>

export const WebhookListQuery = PageQuerySchema(10)
export type WebhookListQuery = Static<typeof WebhookListQuery>

export const WebhookDelivery = Type.Object(
  {
    id: Uuid,
    webhook_id: Uuid,
    delivery_id: Type.String({ description: 'The webhook-id header: the same on every attempt of one delivery' }),
    event_type: Type.String(),
    attempt: Type.Integer({ description: '1 to 6; a redelivery adds one more' }),
    status_code: Nullable(Type.Integer()),
    response_time_ms: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    success: Type.Boolean(),
    created_at: Timestamp,
  },
  { $id: 'WebhookDelivery' },
)
export type WebhookDelivery = Static<typeof WebhookDelivery>

const Headers = (description: string) => Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], { description })
const LoggedBody = Nullable(Type.String({ description: 'The first 4 KiB (a character cut at the end is left out); null when nothing was sent or answered' }))

export const WebhookDeliveryDetail = Type.Object(
  {
    ...WebhookDelivery.properties,
    request_headers: Headers('Headers sent, signature included (the secret is never sent nor shown); null when the target was refused before sending'),
    request_body: LoggedBody,
    response_headers: Headers("The receiver's answer headers; null when no answer came"),
    response_body: LoggedBody,
  },
  { $id: 'WebhookDeliveryDetail' },
)
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>

export const DeliveryParams = Type.Object({
  id: Uuid,
  delivery_id: Type.String({ format: 'uuid', description: 'The `id` of a record of the delivery log (one attempt), not the `webhook-id`' }),
})
export type DeliveryParams = Static<typeof DeliveryParams>

export const QueuedRedelivery = Type.Object(
  {
    delivery_id: Type.String({ description: 'The webhook-id the new attempt carries: the same as the earlier attempts of the event' }),
    webhook_id: Uuid,
    event_type: Type.String(),
    attempt: Type.Integer({ description: 'The number the queued attempt will have in the delivery log' }),
    queued_at: Timestamp,
  },
  { $id: 'QueuedRedelivery' },
)
export type QueuedRedelivery = Static<typeof QueuedRedelivery>

export const DeliveryListQuery = PageQuerySchema(10)
export type DeliveryListQuery = Static<typeof DeliveryListQuery>
