import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { WebhookAttemptRow, WebhookRow } from '../../db/schema/webhooks.js'
import { notFound, validation } from '../../http/errors.js'
import { paginate, pageWindow, type Page } from '../../http/pagination.js'
import { presenter } from '../../http/schemas.js'
import { generateWebhookSecret } from '../../platform/webhook-signing.js'
import { resolveTarget, TargetError } from '../../platform/webhook-target.js'
import { cancelPending } from './delivery.queries.js'
import { sendTest } from './delivery.service.js'
import { webhookEntity } from './entity.js'
import * as q from './queries.js'
import {
  Webhook,
  type CreatedWebhook,
  type CreateWebhookBody,
  type DeliveryListQuery,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookListQuery,
} from './schemas.js'

export const presentWebhook = presenter(Webhook)
const secretFields = ['secret']

const presentAttempt = (r: WebhookAttemptRow): WebhookDelivery => ({
  id: r.id,
  webhook_id: r.webhook_id,
  delivery_id: r.delivery_id,
  event_type: r.event_type,
  attempt: r.attempt,
  status_code: r.status_code,
  response_time_ms: r.response_time_ms,
  error: r.error,
  success: r.success,
  created_at: r.created_at,
})

/** 400 unless the URL is http(s), has no credentials and resolves only to allowed addresses. */
async function checkUrl(ctx: Ctx, url: string): Promise<void> {
  try {
    await resolveTarget(url, ctx.deps.config.allowPrivateWebhookTargets)
  } catch (err) {
    if (err instanceof TargetError) validation('url', err.message)
    throw err
  }
}

export async function list(ctx: Ctx, siteId: string, query: WebhookListQuery): Promise<Page<Webhook>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listWebhooks(ctx.db, siteId, limit, offset)
  return paginate(rows.map(presentWebhook), total, query)
}

/** The webhook with its secret (its own GET, Admin: decisions.md "Permissions beyond the tables"). */
export async function get(ctx: Ctx, id: string): Promise<CreatedWebhook> {
  const row = (await q.findWebhook(ctx.db, id)) ?? notFound(webhookEntity)
  return { ...presentWebhook(row), secret: row.secret }
}

/** Creates a webhook with a new signing secret, answered here only. */
export async function create(ctx: Ctx, siteId: string, body: CreateWebhookBody): Promise<CreatedWebhook> {
  await checkUrl(ctx, body.url)
  const now = ctx.clock.now()
  return mutate(ctx, { entity: webhookEntity, action: 'Create', secretFields }, async (tx) => {
    const row = await q.insertWebhook(tx, {
      site_id: siteId,
      url: body.url,
      description: body.description ?? null,
      events: body.events ?? [],
      is_active: body.is_active ?? true,
      secret: generateWebhookSecret(),
      created_at: now,
      updated_at: now,
    })
    return { result: { ...presentWebhook(row), secret: row.secret }, siteId, entityId: row.id, metadata: { url: row.url, events: row.events } }
  })
}

/** Deactivating (is_active false) cancels the pending deliveries; reactivating brings none back. */
export async function update(ctx: Ctx, id: string, body: UpdateWebhookBody): Promise<Webhook> {
  if (body.url !== undefined) await checkUrl(ctx, body.url)
  return mutate(ctx, { entity: webhookEntity, action: 'Update', secretFields }, async (tx) => {
    const before = (await q.lockWebhook(tx, id)) ?? notFound(webhookEntity)
    const now = ctx.clock.now()
    const after = await q.updateWebhook(tx, id, { ...body, updated_at: now })
    if (!after.is_active) await cancelPending(tx, id, now)
    const result = presentWebhook(after)
    return { result, siteId: after.site_id, entityId: id, before: presentWebhook(before), after: result }
  })
}

/** Soft delete: pending deliveries are cancelled, never sent; the delivery log stays until retention. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: webhookEntity, action: 'Delete', secretFields }, async (tx) => {
    const before = (await q.lockWebhook(tx, id)) ?? notFound(webhookEntity)
    const now = ctx.clock.now()
    await q.updateWebhook(tx, id, { deleted_at: now, updated_at: now })
    await cancelPending(tx, id, now)
    return { result: undefined, siteId: before.site_id, entityId: id, current: presentWebhook(before), metadata: { url: before.url } }
  })
}

/** Sends a `webhook.test` payload now, once, and answers the logged attempt (whatever the receiver said). */
export async function test(ctx: Ctx, id: string): Promise<WebhookDelivery> {
  const hook: WebhookRow = (await q.findWebhook(ctx.db, id)) ?? notFound(webhookEntity)
  return presentAttempt(await sendTest(ctx.deps, hook))
}

export async function deliveries(ctx: Ctx, id: string, query: DeliveryListQuery): Promise<Page<WebhookDelivery>> {
  const { limit, offset } = pageWindow(query)
  const { rows, total } = await q.listAttempts(ctx.db, id, limit, offset)
  return paginate(rows.map(presentAttempt), total, query)
}
