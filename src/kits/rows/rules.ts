import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'

/** A table with an id column: every record table of the schema. */
export type IdTable = PgTable & { id: AnyPgColumn }

/**
 * The three statements every record table's queries file would otherwise write again: insert returning the row,
 * the live row locked until the transaction ends (`live`: the table's live condition, e.g. deleted_at is null),
 * and a patch by id returning the row. Each is one statement, the same a queries file writes by hand.
 */
export function tableRows<T extends IdTable>(table: T, live?: SQL) {
  type Row = T['$inferSelect']
  type Insert = T['$inferInsert']
  const from = table as PgTable
  const byId = (id: string) => (live ? and(eq(table.id, id), live) : eq(table.id, id))
  return {
    insert: async (tx: Tx, values: Insert): Promise<Row> => {
      const [row] = await tx.insert(from).values(values).returning()
      return row as Row
    },
    lock: async (tx: Tx, id: string): Promise<Row | undefined> => {
      const [row] = await tx.select().from(from).where(byId(id)).for('update')
      return row
    },
    update: async (tx: Tx, id: string, patch: Partial<Insert>): Promise<Row> => {
      const [row] = await tx.update(from).set(patch).where(eq(table.id, id)).returning()
      return row as Row
    },
  }
}
