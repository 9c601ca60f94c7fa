import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { apiKeys, apiKeyUsage, type ApiKeyRow } from '../../db/schema/api-keys.js'
import { auditLogs, changeHistory } from '../../db/schema/audit.js'
import { idpUsers, type IdpUserRow } from '../../db/schema/idp-users.js'
import { siteMembers } from '../../db/schema/members.js'
import { notifications } from '../../db/schema/notifications.js'
import { sites } from '../../db/schema/sites.js'

export async function findUser(db: ReadDb, userId: string): Promise<IdpUserRow | undefined> {
  const [row] = await db.select().from(idpUsers).where(eq(idpUsers.id, userId))
  return row
}

export async function findKey(db: ReadDb, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id))
  return row
}

/** A user's memberships of live sites, with the site's name and slug. */
export function membershipsOf(db: ReadDb, userId: string) {
  return db
    .select({ site_id: siteMembers.site_id, site_name: sites.name, site_slug: sites.slug, role: siteMembers.role, created_at: siteMembers.created_at })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.site_id))
    .where(and(eq(siteMembers.user_id, userId), isNull(sites.deleted_at)))
    .orderBy(asc(sites.name), asc(sites.id))
}

/** Live sites this user owns. */
export function ownedSites(db: ReadDb, userId: string) {
  return db
    .select({ id: sites.id, slug: sites.slug })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.site_id))
    .where(and(eq(siteMembers.user_id, userId), eq(siteMembers.role, 'Owner'), isNull(sites.deleted_at)))
}

export function keysCreatedBy(db: ReadDb, actorId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.created_by, actorId)).orderBy(asc(apiKeys.created_at), asc(apiKeys.id))
}

/*
 * Keyset cursors compare against the previous row's stored values (a subquery by id): timestamps carry microseconds
 * that a JavaScript Date would round away, which would repeat or skip rows.
 */

/** Who acted in the audit trail: a user's UUID or an API key's id. */
export type TrailActor = { userId: string } | { keyId: string }

const auditBy = (a: TrailActor) => ('userId' in a ? eq(auditLogs.user_id, a.userId) : eq(auditLogs.api_key_id, a.keyId))
const historyBy = (a: TrailActor) => ('userId' in a ? eq(changeHistory.changed_by, a.userId) : eq(changeHistory.api_key_id, a.keyId))

/** Keyset pages (created_at, id) over an actor's audit entries: index audit_logs_user_idx or audit_logs_key_idx. */
export function auditPage(db: ReadDb, actor: TrailActor, after: { id: string } | undefined, limit: number) {
  return db
    .select()
    .from(auditLogs)
    .where(
      and(
        auditBy(actor),
        after ? sql`(${auditLogs.created_at}, ${auditLogs.id}) > (select c.created_at, c.id from audit_logs c where c.id = ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(auditLogs.created_at), asc(auditLogs.id))
    .limit(limit)
}

/** Keyset pages (id) over an actor's change-history rows: index change_history_user_idx or change_history_key_idx. */
export function historyPage(db: ReadDb, actor: TrailActor, afterId: string | undefined, limit: number) {
  return db
    .select()
    .from(changeHistory)
    .where(and(historyBy(actor), afterId ? gt(changeHistory.id, afterId) : undefined))
    .orderBy(asc(changeHistory.id))
    .limit(limit)
}

/** Keyset pages (created_at, id) over a key's usage records: index api_key_usage_key_time_idx. */
export function usagePage(db: ReadDb, keyId: string, after: { id: string } | undefined, limit: number) {
  return db
    .select()
    .from(apiKeyUsage)
    .where(
      and(
        eq(apiKeyUsage.api_key_id, keyId),
        after ? sql`(${apiKeyUsage.created_at}, ${apiKeyUsage.id}) > (select c.created_at, c.id from api_key_usage c where c.id = ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(apiKeyUsage.created_at), asc(apiKeyUsage.id))
    .limit(limit)
}

/** Account deletion: memberships, notifications and the directory entry; audit and history stay under the user id. */
export async function deleteAccountData(tx: Tx, userId: string, idpUserId: string): Promise<{ memberships: number; notifications: number }> {
  const m = await tx.delete(siteMembers).where(eq(siteMembers.user_id, userId)).returning({ id: siteMembers.id })
  const n = await tx
    .delete(notifications)
    .where(inArray(notifications.recipient_idp_id, [idpUserId]))
    .returning({ id: notifications.id })
  await tx.delete(idpUsers).where(eq(idpUsers.id, userId))
  return { memberships: m.length, notifications: n.length }
}

/** Locks the user's Owner memberships (a concurrent transfer cannot make them Owner while the account goes). */
export function lockOwnerships(tx: Tx, userId: string) {
  return tx
    .select({ site_id: siteMembers.site_id })
    .from(siteMembers)
    .innerJoin(sites, eq(sites.id, siteMembers.site_id))
    .where(and(eq(siteMembers.user_id, userId), eq(siteMembers.role, 'Owner'), isNull(sites.deleted_at)))
    .for('update')
}
