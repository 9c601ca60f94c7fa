import { and, count, desc, eq } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { notifications, type NotificationRow } from '../../db/schema/notifications.js'

const mine = (recipient: string, siteId: string) => and(eq(notifications.recipient_idp_id, recipient), eq(notifications.site_id, siteId))

/** One page of a recipient's notifications on a site, newest first (index notifications_recipient_idx). */
export async function listPage(db: ReadDb, recipient: string, siteId: string, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(notifications).where(mine(recipient, siteId)).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(mine(recipient, siteId)),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function unreadCount(db: ReadDb, recipient: string, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(recipient, siteId), eq(notifications.is_read, false)))
  return row?.n ?? 0
}

/** The notification if it is the recipient's own (another user's is not found). */
export async function lockOwn(tx: Tx, recipient: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipient_idp_id, recipient)))
    .for('update')
  return row
}

export async function markRead(tx: Tx, id: string): Promise<NotificationRow> {
  const [row] = await tx.update(notifications).set({ is_read: true }).where(eq(notifications.id, id)).returning()
  return row as NotificationRow
}

export async function markAllRead(tx: Tx, recipient: string, siteId: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ is_read: true })
    .where(and(mine(recipient, siteId), eq(notifications.is_read, false)))
    .returning({ id: notifications.id })
  return rows.length
}
