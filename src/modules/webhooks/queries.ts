import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { webhookAttempts, webhookDeliveries, webhooks, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookRow } from '../../db/schema/webhooks.js'

const live = (id: string) => and(eq(webhooks.id, id), isNull(webhooks.deleted_at))

export async function findWebhook(db: ReadDb, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(live(id)).limit(1)
  return row
}

export async function lockWebhook(tx: Tx, id: string): Promise<WebhookRow | undefined> {
  const [row] = await tx.select().from(webhooks).where(live(id)).limit(1).for('update')
  return row
}

export async function listWebhooks(db: ReadDb, siteId: string, limit: number, offset: number): Promise<{ rows: WebhookRow[]; total: number }> {
  const where = and(eq(webhooks.site_id, siteId), isNull(webhooks.deleted_at))
  const [rows, [tot]] = await Promise.all([
    db.select().from(webhooks).where(where).orderBy(desc(webhooks.created_at), desc(webhooks.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(webhooks).where(where),
  ])
  return { rows, total: Number(tot?.n ?? 0) }
}

export async function insertWebhook(tx: Tx, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await tx.insert(webhooks).values(values).returning()
  return row as WebhookRow
}

export async function updateWebhook(tx: Tx, id: string, values: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> {
  const [row] = await tx.update(webhooks).set(values).where(eq(webhooks.id, id)).returning()
  return row as WebhookRow
}

/** The delivery log of a webhook, newest first (webhook_attempts_webhook_idx). */
export async function listAttempts(db: ReadDb, webhookId: string, limit: number, offset: number): Promise<{ rows: WebhookAttemptRow[]; total: number }> {
  const where = eq(webhookAttempts.webhook_id, webhookId)
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(webhookAttempts)
      .where(where)
      .orderBy(desc(webhookAttempts.created_at), desc(webhookAttempts.attempt), desc(webhookAttempts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(webhookAttempts).where(where),
  ])
  return { rows, total: Number(tot?.n ?? 0) }
}

/** One record of a webhook's delivery log (primary key; another webhook's record is not found). */
export async function findAttempt(db: ReadDb, webhookId: string, id: string): Promise<WebhookAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.id, id), eq(webhookAttempts.webhook_id, webhookId)))
    .limit(1)
  return row
}

/** A delivery, locked: the sender's claim (FOR UPDATE SKIP LOCKED) passes it by until the transaction ends. */
export async function lockDelivery(tx: Tx, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1).for('update')
  return row
}

/** Queues the delivery's next attempt now (webhook_deliveries_due_idx picks it up). */
export async function requeueDelivery(tx: Tx, id: string, attemptLimit: number, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', attempt_limit: attemptLimit, next_attempt_at: now, locked_until: null, completed_at: null })
    .where(eq(webhookDeliveries.id, id))
}
