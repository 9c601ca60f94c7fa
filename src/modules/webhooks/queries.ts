import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { webhookAttempts, webhooks, type WebhookAttemptRow, type WebhookRow } from '../../db/schema/webhooks.js'

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
