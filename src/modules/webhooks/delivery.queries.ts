import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { dropPartitionsBefore } from '../../db/partitions.js'
import { outboxEvents } from '../../db/schema/audit.js'
import { webhookAttempts, webhookDeliveries, webhooks, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookRow } from '../../db/schema/webhooks.js'
import type { Exchange } from '../../platform/webhook-sender.js'

/*
 * SQL of the delivery worker (workers/webhook-delivery.ts). These rows are the worker's own bookkeeping, not
 * user data: they are written directly, never through mutate() (no audit row per attempt).
 */

export type Writer = Db | Tx

/** Undispatched outbox events, oldest first, locked for this transaction; rows other workers hold are skipped. */
export function claimOutbox(tx: Tx, limit: number) {
  return tx
    .select()
    .from(outboxEvents)
    .where(isNull(outboxEvents.dispatched_at))
    .orderBy(asc(outboxEvents.created_at), asc(outboxEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** Live, active webhooks of these sites. */
export function activeWebhooks(tx: Tx, siteIds: string[]): Promise<Array<Pick<WebhookRow, 'id' | 'site_id' | 'events' | 'created_at'>>> {
  if (siteIds.length === 0) return Promise.resolve([])
  return tx
    .select({ id: webhooks.id, site_id: webhooks.site_id, events: webhooks.events, created_at: webhooks.created_at })
    .from(webhooks)
    .where(and(inArray(webhooks.site_id, siteIds), isNull(webhooks.deleted_at), eq(webhooks.is_active, true)))
}

/**
 * A deleted or deactivated webhook's pending deliveries end, never sent: status
 * `cancelled`, completed now (retention prunes them with the finished ones). An attempt already on the wire finishes
 * but is not logged (recordAttempt moves only pending deliveries).
 */
export async function cancelPending(tx: Writer, webhookId: string, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'cancelled', completed_at: now, locked_until: null })
    .where(and(eq(webhookDeliveries.webhook_id, webhookId), eq(webhookDeliveries.status, 'pending')))
}

/** New deliveries; one per webhook and event at most (the unique index makes a repeat a no-op). */
export async function insertDeliveries(tx: Writer, rows: Array<typeof webhookDeliveries.$inferInsert>, chunk = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx
      .insert(webhookDeliveries)
      .values(rows.slice(i, i + chunk))
      .onConflictDoNothing()
  }
}

export async function insertDelivery(db: Writer, row: typeof webhookDeliveries.$inferInsert): Promise<WebhookDeliveryRow> {
  const [out] = await db.insert(webhookDeliveries).values(row).returning()
  return out as WebhookDeliveryRow
}

export async function markDispatched(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length > 0) await tx.update(outboxEvents).set({ dispatched_at: now }).where(inArray(outboxEvents.id, ids))
}

/** Due pending deliveries nobody holds, oldest first, locked for this transaction (others skip them). */
export function dueDeliveries(tx: Tx, now: Date, limit: number) {
  return tx
    .select({ id: webhookDeliveries.id, webhook_id: webhookDeliveries.webhook_id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.next_attempt_at, now),
        or(isNull(webhookDeliveries.locked_until), lt(webhookDeliveries.locked_until, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.next_attempt_at))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** Takes the chosen deliveries until `until` and counts the attempt now (a crash mid-send still counts). */
export async function takeDeliveries(tx: Tx, ids: string[], until: Date): Promise<WebhookDeliveryRow[]> {
  if (ids.length === 0) return []
  return tx
    .update(webhookDeliveries)
    .set({ locked_until: until, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, ids))
    .returning()
}

export function webhooksById(db: Writer, ids: string[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.select().from(webhooks).where(inArray(webhooks.id, ids))
}

export interface AttemptRecord extends Exchange {
  deliveryId: string
  webhookId: string
  eventType: string
  attempt: number
  statusCode: number | null
  responseTimeMs: number | null
  error: string | null
  success: boolean
  at: Date
}

/**
 * Logs an attempt and moves the delivery on (succeeded, failed, or pending again at `next`), only if the
 * delivery is still at this attempt (a claim that ran out and was taken over by another sender logs nothing).
 */
export async function recordAttempt(
  db: Db,
  a: AttemptRecord,
  next: { status: 'succeeded' | 'failed' | 'pending'; at: Date },
): Promise<WebhookAttemptRow | undefined> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(webhookDeliveries)
      .set({
        status: next.status,
        next_attempt_at: next.at,
        locked_until: null,
        ...(next.status === 'pending' ? {} : { completed_at: a.at }),
      })
      .where(and(eq(webhookDeliveries.id, a.deliveryId), eq(webhookDeliveries.attempts, a.attempt), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id })
    if (moved.length === 0) return undefined
    const [row] = await tx
      .insert(webhookAttempts)
      .values({
        delivery_id: a.deliveryId,
        webhook_id: a.webhookId,
        event_type: a.eventType,
        attempt: a.attempt,
        status_code: a.statusCode,
        response_time_ms: a.responseTimeMs,
        error: a.error,
        success: a.success,
        request_headers: a.requestHeaders,
        request_body: a.requestBody,
        response_headers: a.responseHeaders,
        response_body: a.responseBody,
        created_at: a.at,
      })
      .returning()
    return row
  })
}

/**
 * Retention: attempts, finished deliveries and dispatched outbox events older than the cutoff. The attempts' months
 * wholly before it are dropped as partitions (db/partitions.ts); the rest of them are deleted.
 */
export async function prune(db: Db, before: Date): Promise<void> {
  await dropPartitionsBefore(db, 'webhook_attempts', before)
  await db.delete(webhookAttempts).where(lt(webhookAttempts.created_at, before))
  await db.delete(webhookDeliveries).where(and(lt(webhookDeliveries.completed_at, before)))
  await db.delete(outboxEvents).where(lt(outboxEvents.dispatched_at, before))
}

/**
 * Pending webhook work for the metrics scrape: undispatched outbox events (outbox_events_pending_idx: the count and
 * the oldest are read from the partial index) and pending deliveries (webhook_deliveries_due_idx: only pending rows).
 */
export async function queueStats(db: Db, now: Date) {
  type Row = { outbox: number; outbox_oldest: string | Date | null; deliveries: number; deliveries_oldest: string | Date | null }
  const [row] = rowsOf<Row>(
    await db.execute(sql`
    select
      (select count(*)::int from ${outboxEvents} where ${outboxEvents.dispatched_at} is null) as outbox,
      (select min(${outboxEvents.created_at}) from ${outboxEvents} where ${outboxEvents.dispatched_at} is null) as outbox_oldest,
      (select count(*)::int from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending') as deliveries,
      (select min(${webhookDeliveries.created_at}) from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending') as deliveries_oldest`),
  )
  const age = (t: string | Date | null | undefined) => (t ? Math.max(0, (now.getTime() - new Date(t).getTime()) / 1000) : 0)
  return {
    outbox: { depth: Number(row?.outbox ?? 0), oldestAgeSeconds: age(row?.outbox_oldest) },
    deliveries: { depth: Number(row?.deliveries ?? 0), oldestAgeSeconds: age(row?.deliveries_oldest) },
  }
}
