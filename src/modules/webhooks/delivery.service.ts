import type { Deps } from '../../core/context.js'
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../../db/schema/webhooks.js'
import type { WebhookQueueStats } from '../../platform/metrics.js'
import { NOTHING_SENT, postOnce, type AttemptResult } from '../../platform/webhook-sender.js'
import { webhookHeaders } from '../../platform/webhook-signing.js'
import { resolveTarget, TargetError } from '../../platform/webhook-target.js'
import * as q from './delivery.queries.js'

/*
 * Durable delivery. mutate() writes the outbox events of a change and their deliveries,
 * one per matching active webhook, in the change's transaction (core/mutation.ts matchWebhooks): a change is matched
 * to the webhooks that exist when it commits. Deleting or deactivating a webhook cancels its pending deliveries.
 * Every instance runs the same loop:
 *   1. fan-out, for outbox events written undispatched by an earlier version only: claim them (FOR UPDATE SKIP
 *      LOCKED), create one delivery per matching active webhook of the event's site created before the event
 *      (unique per webhook and event) and mark the events dispatched, all in one transaction;
 *   2. send: claim due deliveries (SKIP LOCKED), counting the attempt and holding them for a bounded time, at most
 *      `ATRIUM_WEBHOOK_MAX_IN_FLIGHT` per webhook in this instance; each attempt is signed (Standard Webhooks) with
 *      the delivery id as `webhook-id` on every attempt, connects to the checked (pinned) address, follows no
 *      redirect and must finish within `ATRIUM_WEBHOOK_TIMEOUT_MS`. A 2xx ends the delivery; otherwise it is
 *      retried with exponential backoff and jitter, 6 attempts in all (base `ATRIUM_WEBHOOK_RETRY_BASE_MS`,
 *      default one minute: about a day in all). A sender that dies mid-attempt loses its hold after the hold time
 *      and the attempt is repeated with the same webhook-id (receivers deduplicate on it).
 * Sends run beside the loop, so one slow receiver delays neither the API nor other webhooks.
 */

/** Attempts of a delivery before it fails (the column default of webhook_deliveries.attempt_limit). */
export const MAX_ATTEMPTS = 6
/** Delay after failed attempt n (1-based), in multiples of the base: 1, 10, 60, 240, 960 (base 1 min: ~21 h). */
const BACKOFF = [1, 10, 60, 240, 960]
const FANOUT_BATCH = 200
const CLAIM_BATCH = 100
/**
 * Delivery rows per insert statement. Embedded, every statement runs on the event loop (PGlite: about 20 ms for 200
 * rows), so it inserts few at a time and requests run between statements (bench/stalls.ts).
 */
const insertChunk = (kind: 'pglite' | 'postgres') => (kind === 'pglite' ? 50 : 500)

/** Delay before the attempt after failed attempt `attempt`: base × factor, ±20 % jitter. */
export function retryDelayMs(baseMs: number, attempt: number, rand: () => number = Math.random): number {
  const factor = BACKOFF[Math.min(attempt, BACKOFF.length) - 1] ?? 1
  return Math.max(1, Math.round(baseMs * factor * (0.8 + 0.4 * rand())))
}

const matches = (events: string[], type: string) => events.length === 0 || events.includes(type)

export class WebhookDispatcher {
  private readonly inFlight = new Map<string, number>()
  private readonly sends = new Set<Promise<void>>()
  private claiming: Promise<unknown> | undefined
  /** Claims run one after another in an instance, so the in-flight bound is computed on settled counts. */
  private chain: Promise<unknown> = Promise.resolve()
  private stopping = false

  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.dbh.background
  }

  /** Fans out every undispatched outbox event (batches of 200); returns how many events were dispatched. */
  async fanOut(): Promise<number> {
    let total = 0
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const events = await q.claimOutbox(tx, FANOUT_BATCH)
        if (events.length === 0) return 0
        const siteIds = [...new Set(events.map((e) => e.site_id).filter((s): s is string => s !== null))]
        const hooks = await q.activeWebhooks(tx, siteIds)
        const now = this.deps.clock.now()
        const rows = events.flatMap((e) =>
          hooks
            .filter((h) => h.site_id === e.site_id && h.created_at <= e.created_at && matches(h.events, e.event_type))
            .map((h) => ({ webhook_id: h.id, event_id: e.id, event_type: e.event_type, payload: e.payload, next_attempt_at: now, created_at: now })),
        )
        await q.insertDeliveries(tx, rows, insertChunk(this.deps.dbh.kind))
        await q.markDispatched(
          tx,
          events.map((e) => e.id),
          now,
        )
        return events.length
      })
      total += n
      if (n < FANOUT_BATCH) return total
    }
  }

  /** Claims due deliveries within the per-webhook bound and starts their attempts; returns how many started. */
  sendDue(): Promise<number> {
    const run = this.chain.then(() => this.claimDue())
    this.chain = run.catch(() => undefined)
    return run
  }

  private async claimDue(): Promise<number> {
    const cfg = this.deps.config
    const now = this.deps.clock.now()
    const holdUntil = new Date(now.getTime() + cfg.webhookTimeoutMs * 2 + 5000)
    const taken = await this.db.transaction(async (tx) => {
      const due = await q.dueDeliveries(tx, now, CLAIM_BATCH)
      const slots = new Map<string, number>()
      const chosen: string[] = []
      for (const d of due) {
        const free = slots.get(d.webhook_id) ?? cfg.webhookMaxInFlight - (this.inFlight.get(d.webhook_id) ?? 0)
        if (free <= 0) continue
        slots.set(d.webhook_id, free - 1)
        chosen.push(d.id)
      }
      return q.takeDeliveries(tx, chosen, holdUntil)
    })
    if (taken.length === 0) return 0
    const hooks = new Map((await q.webhooksById(this.db, [...new Set(taken.map((d) => d.webhook_id))])).map((h) => [h.id, h]))
    for (const d of taken) this.start(d, hooks.get(d.webhook_id))
    return taken.length
  }

  private start(d: WebhookDeliveryRow, hook: WebhookRow | undefined): void {
    this.inFlight.set(d.webhook_id, (this.inFlight.get(d.webhook_id) ?? 0) + 1)
    const p = this.attempt(d, hook)
      .catch((err: unknown) => this.deps.log.error({ err, delivery: d.id }, 'webhook attempt failed unexpectedly'))
      .finally(() => {
        const left = (this.inFlight.get(d.webhook_id) ?? 1) - 1
        if (left <= 0) this.inFlight.delete(d.webhook_id)
        else this.inFlight.set(d.webhook_id, left)
        this.sends.delete(p)
        this.kick()
      })
    this.sends.add(p)
  }

  /** A finished attempt frees a slot: claim more at once instead of waiting for the next tick. */
  private kick(): void {
    if (this.stopping || this.claiming) return
    this.claiming = this.sendDue()
      .catch((err: unknown) => this.deps.log.error({ err }, 'webhook claim failed'))
      .finally(() => (this.claiming = undefined))
  }

  private async attempt(d: WebhookDeliveryRow, hook: WebhookRow | undefined): Promise<void> {
    // Matched by a change whose last statement ran just before the webhook's removal committed (its cancel did not
    // see the delivery yet): never sent, cancelled like the others.
    if (!hook || hook.deleted_at !== null || !hook.is_active) return q.cancelPending(this.db, d.webhook_id, this.deps.clock.now())
    const result: AttemptResult = await deliverOnce(this.deps, hook, d.id, d.payload)
    const at = this.deps.clock.now()
    const last = d.attempts >= d.attempt_limit
    const next = result.success
      ? { status: 'succeeded' as const, at }
      : last
        ? { status: 'failed' as const, at }
        : { status: 'pending' as const, at: new Date(at.getTime() + retryDelayMs(this.deps.config.webhookRetryBaseMs, d.attempts)) }
    await q.recordAttempt(this.db, { deliveryId: d.id, webhookId: d.webhook_id, eventType: d.event_type, attempt: d.attempts, ...result, at }, next)
  }

  /** One loop pass: fan-out, then start due attempts. */
  async tick(): Promise<void> {
    this.stopping = false
    await this.fanOut()
    await this.sendDue()
  }

  /** Waits for the attempts in flight (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.sends.size > 0 || this.claiming) await Promise.allSettled([...this.sends, this.claiming])
  }

  /** Shutdown: the timers are already cleared; waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopping = true
    await this.settle()
  }
}

/** One signed POST of a payload to a webhook, after checking its target again (never throws). */
export async function deliverOnce(deps: Deps, hook: WebhookRow, messageId: string, payload: unknown): Promise<AttemptResult> {
  let target
  try {
    target = await resolveTarget(hook.url, deps.config.allowPrivateWebhookTargets)
  } catch (err) {
    const msg = err instanceof TargetError ? `target refused: ${err.message}` : 'target could not be checked'
    return { statusCode: null, responseTimeMs: 0, error: msg, success: false, ...NOTHING_SENT }
  }
  const body = JSON.stringify(payload)
  return postOnce(target, webhookHeaders(hook.secret, messageId, deps.clock.now(), body), body, deps.config.webhookTimeoutMs)
}

/** POST /webhooks/{id}/test: one attempt now (no retry), logged like any other; returns the logged attempt. */
export async function sendTest(deps: Deps, hook: WebhookRow): Promise<WebhookAttemptRow> {
  const now = deps.clock.now()
  const payload = { type: 'webhook.test', timestamp: now.toISOString(), site_id: hook.site_id, data: { webhook_id: hook.id, message: 'Atrium test delivery' } }
  const d = await q.insertDelivery(deps.dbh.db, {
    webhook_id: hook.id,
    event_id: null,
    event_type: 'webhook.test',
    payload,
    attempts: 1,
    next_attempt_at: now,
    locked_until: now,
    created_at: now,
  })
  const result = await deliverOnce(deps, hook, d.id, payload)
  const at = deps.clock.now()
  const record = { deliveryId: d.id, webhookId: hook.id, eventType: 'webhook.test', attempt: 1, ...result, at }
  const row = await q.recordAttempt(deps.dbh.db, record, { status: result.success ? 'succeeded' : 'failed', at })
  if (!row) throw new Error('test delivery was taken over')
  return row
}

const dispatchers = new WeakMap<Deps, WebhookDispatcher>()

/** The dispatcher of an app instance (one per Deps). */
export function dispatcherOf(deps: Deps): WebhookDispatcher {
  let d = dispatchers.get(deps)
  if (!d) {
    d = new WebhookDispatcher(deps)
    dispatchers.set(deps, d)
  }
  return d
}

/** Retention job: delivery logs, finished deliveries and dispatched outbox events older than the retention. */
export async function pruneDeliveries(deps: Deps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.webhookLogRetentionDays * 86_400_000)
  await q.prune(deps.dbh.background, cutoff)
}

/** Pending webhook work (outbox and deliveries) for the metrics scrape: one statement on partial indexes. */
export function queueStats(deps: Deps): Promise<WebhookQueueStats> {
  return q.queueStats(deps.dbh.db, deps.clock.now())
}
