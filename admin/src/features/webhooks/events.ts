import type { Schemas } from '@atrium-cms/client'

/** An event a webhook can subscribe to (the API's closed list, decisions.md "Webhooks"). */
export type WebhookEvent = NonNullable<Schemas['CreateWebhookBody']['events']>[number]
export type Delivery = Schemas['WebhookDelivery']

const ENTITIES = [
  'blog',
  'page',
  'document',
  'media',
  'legal',
  'navigation',
  'redirect',
  'social',
  'skill',
  'cv',
  'tag',
  'category',
  'content_template',
  'site',
] as const
const EXTRA: Partial<Record<(typeof ENTITIES)[number], string[]>> = { blog: ['reviewed', 'published'], page: ['reviewed', 'published'] }

/** The events grouped by what they are about, in the picker's order. */
export const EVENT_GROUPS: { entity: (typeof ENTITIES)[number]; events: WebhookEvent[] }[] = ENTITIES.map((entity) => ({
  entity,
  events: ['created', 'updated', 'deleted', ...(EXTRA[entity] ?? [])].map((a) => `${entity}.${a}` as WebhookEvent),
}))
export const ALL_EVENTS: WebhookEvent[] = EVENT_GROUPS.flatMap((g) => g.events)

/** The body's `events`: an empty list means every event. */
export const eventsBody = (mode: 'all' | 'chosen', chosen: readonly WebhookEvent[]): WebhookEvent[] =>
  mode === 'all' ? [] : ALL_EVENTS.filter((e) => chosen.includes(e))

/** Every attempt of one delivery (same `delivery_id`, the webhook-id header), first attempt first. */
export function attemptsOf(log: readonly Delivery[], deliveryId: string): Delivery[] {
  return log.filter((d) => d.delivery_id === deliveryId).sort((a, b) => a.attempt - b.attempt || a.created_at.localeCompare(b.created_at))
}
