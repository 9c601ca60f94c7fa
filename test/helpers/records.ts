import { and, asc, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { auditLogs, changeHistory, outboxEvents } from '../../src/db/schema/audit.js'
import type { TestApp } from './app.js'
import type { Res } from './http.js'

/* What a write leaves behind (audit rows, change history, outbox events) and shared answer shapes. */

/** The paginated list shape. */
export interface Page<T> {
  data: T[]
  meta: { page: number; per_page: number; total: number; total_pages: number }
}

/** The limit/offset list shape (API-key usage). */
export interface LimitOffsetPage<T> {
  data: T[]
  meta: { limit: number; offset: number; total: number }
}

/** Audit rows of one record, oldest first. */
export function auditsOf(t: TestApp, entityType: string, entityId: string) {
  return (
    t.dbh.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity_type, entityType), eq(auditLogs.entity_id, entityId)))
      // Test clocks stand still, so rows of one instant are ordered by their writing transaction (xmin grows
      // with each transaction; audit rows are never updated). ctid alone failed on the server suite: a new row
      // can land in space freed by another file's deletes, before an older row.
      .orderBy(asc(auditLogs.created_at), sql`(xmin::text)::bigint`, sql`ctid`)
  )
}

/** Change-history rows of one record (optionally of one field). */
export function historyOf(t: TestApp, entityType: string, entityId: string, field?: string) {
  return t.dbh.db
    .select()
    .from(changeHistory)
    .where(and(eq(changeHistory.entity_type, entityType), eq(changeHistory.entity_id, entityId), field ? eq(changeHistory.field_name, field) : undefined))
}

/** Outbox events of a type whose payload data has this id. */
export async function eventsFor(t: TestApp, type: string, id: string) {
  const rows = await t.dbh.db.select().from(outboxEvents).where(eq(outboxEvents.event_type, type))
  return rows.filter((r) => (r.payload as { data?: { id?: string } }).data?.id === id)
}

/** Asserts an empty 204 answer. */
export function expectNoContent(res: Res): void {
  expect(res.statusCode, res.body).toBe(204)
  expect(res.body).toBe('')
}
