import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { WebhookAttemptRow, WebhookRow } from '../../db/schema/webhooks.js'
import { invalidState, notFound, validation } from '../../http/errors.js'
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
  type DeliveryParams,
  type QueuedRedelivery,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
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

const presentAttemptDetail = (r: WebhookAttemptRow): WebhookDeliveryDetail => ({
  ...presentAttempt(r),
  request_headers: r.request_headers,
  request_body: r.request_body,
  response_headers: r.response_headers,
  response_body: r.response_body,
})

/**
 * How audit entries name a webhook: its description, else its URL's host. Never the whole URL: the audit log is
 * read by callers who may not see webhooks, and a receiver's URL can carry its token in the path or query.
 */
const webhookLabel = (w: Pick<WebhookRow, 'description' | 'url'>): string => {
  if (w.description?.trim()) return w.description
  try {
    return new URL(w.url).host
  } catch {
    return 'webhook'
  }
}

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

/** The webhook with its secret (its own GET, Admin: the secret signs every delivery, so only an Admin may read it). */
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
    return {
      result: { ...presentWebhook(row), secret: row.secret },
      siteId,
      entityId: row.id,
      label: webhookLabel(row),
      metadata: { url: row.url, events: row.events },
    }
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
    return { result, siteId: after.site_id, entityId: id, label: webhookLabel(after), before: presentWebhook(before), after: result }
  })
}

/** Soft delete: pending deliveries are cancelled, never sent; the delivery log stays until retention. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: webhookEntity, action: 'Delete', secretFields }, async (tx) => {
    const before = (await q.lockWebhook(tx, id)) ?? notFound(webhookEntity)
    const now = ctx.clock.now()
    await q.updateWebhook(tx, id, { deleted_at: now, updated_at: now })
    await cancelPending(tx, id, now)
    return {
      result: undefined,
      siteId: before.site_id,
      entityId: id,
      label: webhookLabel(before),
      current: presentWebhook(before),
      metadata: { url: before.url },
    }
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

/** One record of the delivery log with what was sent and answered (bodies: their first 4 KiB). */
export async function delivery(ctx: Ctx, p: DeliveryParams): Promise<WebhookDeliveryDetail> {
  const row = (await q.findAttempt(ctx.db, p.id, p.delivery_id.toLowerCase())) ?? notFound('delivery')
  return presentAttemptDetail(row)
}

/**
 * Queues one more attempt of the event a delivery-log record belongs to, with the same `webhook-id`, due now. A
 * finished delivery gets exactly one attempt (a failure ends it again); a delivery still being retried is sent now
 * and keeps its remaining retries. 409 INVALID_STATE while the webhook is inactive (the sender would cancel it) or
 * while an attempt of it is on the wire. A deleted webhook is not found (404), like any deleted record.
 */
export async function redeliver(ctx: Ctx, p: DeliveryParams): Promise<QueuedRedelivery> {
  return mutate(ctx, { entity: webhookEntity, action: 'Redeliver' }, async (tx) => {
    const hook = (await q.lockWebhook(tx, p.id)) ?? notFound(webhookEntity)
    const logged = (await q.findAttempt(tx, p.id, p.delivery_id.toLowerCase())) ?? notFound('delivery')
    const d = (await q.lockDelivery(tx, logged.delivery_id)) ?? notFound('delivery')
    if (!hook.is_active) invalidState('The webhook is inactive; activate it to redeliver')
    const now = ctx.clock.now()
    if (d.status === 'pending' && d.locked_until !== null && d.locked_until > now) {
      invalidState('An attempt of this delivery is in progress; redeliver when it has finished')
    }
    const limit = d.status === 'pending' ? Math.max(d.attempt_limit, d.attempts + 1) : d.attempts + 1
    await q.requeueDelivery(tx, d.id, limit, now)
    const result = { delivery_id: d.id, webhook_id: hook.id, event_type: d.event_type, attempt: d.attempts + 1, queued_at: now }
    return {
      result,
      siteId: hook.site_id,
      entityId: hook.id,
      label: webhookLabel(hook),
      metadata: { delivery_id: d.id, event_type: d.event_type, attempt: result.attempt },
    }
  })
}
