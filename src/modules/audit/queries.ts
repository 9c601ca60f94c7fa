import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, ReadDb } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { auditLogs, changeHistory, type AuditLogRow, type ChangeHistoryRow } from '../../db/schema/audit.js'

export interface AuditFilter {
  siteId: string
  entityType?: string
  action?: string
  userId?: string
  apiKeyId?: string
  from?: Date
  to?: Date
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    eq(auditLogs.site_id, f.siteId),
    f.entityType !== undefined ? eq(auditLogs.entity_type, f.entityType) : undefined,
    f.action !== undefined ? eq(auditLogs.action, f.action) : undefined,
    f.userId !== undefined ? eq(auditLogs.user_id, f.userId) : undefined,
    f.apiKeyId !== undefined ? eq(auditLogs.api_key_id, f.apiKeyId) : undefined,
    f.from !== undefined ? gte(auditLogs.created_at, f.from) : undefined,
    f.to !== undefined ? lt(auditLogs.created_at, f.to) : undefined,
  )
}

/** A site's entries, newest first (audit_logs_site_time_idx). */
export async function siteEntries(db: ReadDb, f: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditLogRow[]; total: number }> {
  const [rows, [tot]] = await Promise.all([
    db.select().from(auditLogs).where(where(f)).orderBy(desc(auditLogs.created_at), desc(auditLogs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLogs).where(where(f)),
  ])
  return { rows, total: Number(tot?.n ?? 0) }
}

/** Site of an entity's newest audit row (audit_logs_entity_idx); undefined when no row names it. */
export async function entitySite(db: ReadDb, entityType: string, entityId: string): Promise<{ siteId: string | null } | undefined> {
  const [row] = await db
    .select({ siteId: auditLogs.site_id })
    .from(auditLogs)
    .where(and(eq(auditLogs.entity_type, entityType), eq(auditLogs.entity_id, entityId)))
    .orderBy(desc(auditLogs.created_at))
    .limit(1)
  return row
}

/** Entries of one entity, newest first, at most `limit`. */
export function entityEntries(db: ReadDb, entityType: string, entityId: string, limit: number): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity_type, entityType), eq(auditLogs.entity_id, entityId)))
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
    .limit(limit)
}

/** Change history of one entity, newest first, at most `limit` (change_history_entity_idx). */
export function entityHistory(db: ReadDb, entityType: string, entityId: string, limit: number): Promise<ChangeHistoryRow[]> {
  return db
    .select()
    .from(changeHistory)
    .where(and(eq(changeHistory.entity_type, entityType), eq(changeHistory.entity_id, entityId)))
    .orderBy(desc(changeHistory.changed_at), asc(changeHistory.field_name), desc(changeHistory.id))
    .limit(limit)
}

/** Change-history rows by id (primary key), oldest first. */
export function changesById(db: ReadDb, ids: readonly string[]): Promise<ChangeHistoryRow[]> {
  return db
    .select()
    .from(changeHistory)
    .where(inArray(changeHistory.id, [...ids]))
    .orderBy(asc(changeHistory.changed_at), asc(changeHistory.id))
}

/* Retention (ATRIUM_AUDIT_RETENTION_DAYS): at most `limit` rows per statement, by age (change_history_changed_idx, audit_logs_created_idx). */

export async function deleteHistoryBatch(db: Db, before: Date, limit: number): Promise<number> {
  const res = await db.execute(sql`delete from ${changeHistory} where ctid = any(array(
    select ctid from ${changeHistory} where changed_at < ${before} limit ${limit})) returning 1`)
  return rowsOf(res).length
}

/** Audit entries older than the cutoff; their history went first (the cascade then finds nothing: change_history_audit_log_idx). */
export async function deleteAuditBatch(db: Db, before: Date, limit: number): Promise<number> {
  const res = await db.execute(sql`delete from ${auditLogs} where ctid = any(array(
    select ctid from ${auditLogs} where created_at < ${before} limit ${limit})) returning 1`)
  return rowsOf(res).length
}
