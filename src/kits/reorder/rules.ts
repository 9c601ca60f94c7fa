import { and, eq, isNull } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import { validation } from '../../http/errors.js'

/*
 * Reordering of sibling lists and trees (social links, menu items, page sections): the body names items with
 * their new display_order (and, in trees, parent_id). Every item is named once, all belong to the one parent
 * record being reordered, a parent is one of them or null, the result has no cycle, and it applies all or
 * nothing (one transaction, rows locked first).
 */

export interface ReorderItem {
  id: string
  display_order: number
  /** Trees only; omitted: the item keeps its parent. */
  parent_id?: string | null | undefined
}

export interface Placed {
  id: string
  display_order: number
  parent_id: string | null
}

/**
 * The new placement of the named items, or a 400 naming the first offending `items.<i>.<field>`.
 * `existing`: every live item of the parent record, with its current parent (null in flat lists).
 */
export function planReorder(existing: ReadonlyArray<{ id: string; parent_id: string | null }>, items: readonly ReorderItem[], what = 'item'): Placed[] {
  const current = new Map(existing.map((e) => [e.id.toLowerCase(), e.parent_id]))
  const seen = new Set<string>()
  const parent = new Map(current)
  const placed = items.map((item, i) => {
    const id = item.id.toLowerCase()
    if (seen.has(id)) validation(`items.${i}.id`, 'names an item a second time')
    seen.add(id)
    if (!current.has(id)) validation(`items.${i}.id`, `is not a ${what} of this list`)
    const p = item.parent_id === undefined ? (current.get(id) ?? null) : item.parent_id === null ? null : item.parent_id.toLowerCase()
    if (p !== null && !current.has(p)) validation(`items.${i}.parent_id`, `is not a ${what} of this list`)
    if (p === id) validation(`items.${i}.parent_id`, 'an item cannot be its own parent')
    parent.set(id, p)
    return { id, display_order: item.display_order, parent_id: p }
  })
  placed.forEach((item, i) => {
    const path = new Set<string>([item.id])
    for (let up = parent.get(item.id) ?? null; up !== null; up = parent.get(up) ?? null) {
      if (path.has(up)) validation(`items.${i}.parent_id`, 'would create a cycle')
      path.add(up)
    }
  })
  return placed
}

/** A table of orderable rows: `id`, `display_order`, optionally `parent_id` (trees) and `deleted_at` (soft delete). */
export type OrderedTable = PgTable & { id: AnyPgColumn; display_order: AnyPgColumn; parent_id?: AnyPgColumn; deleted_at?: AnyPgColumn }

/**
 * Applies a reorder to the live rows of `table` whose `scope` column equals `scopeValue` (menu_id, page_id, site_id):
 * locks them, plans (400 on any mistake, nothing written) and writes the new placement. Returns the placement.
 */
export async function reorderRows(
  tx: Tx,
  spec: { table: OrderedTable; scope: AnyPgColumn; scopeValue: string; items: readonly ReorderItem[]; what?: string; now: Date },
): Promise<Placed[]> {
  const { table } = spec
  const tree = table.parent_id !== undefined
  const rows = (await tx
    .select({ id: table.id, parent_id: tree ? (table.parent_id as AnyPgColumn) : table.id })
    .from(table)
    .where(and(eq(spec.scope, spec.scopeValue), table.deleted_at ? isNull(table.deleted_at) : undefined))
    .for('update')) as Array<{ id: string; parent_id: string | null }>
  const existing = rows.map((r) => ({ id: r.id, parent_id: tree ? r.parent_id : null }))
  if (!tree && spec.items.some((i) => i.parent_id !== undefined && i.parent_id !== null)) validation('items', 'this list has no parents')
  const placed = planReorder(existing, spec.items, spec.what)
  for (const p of placed) {
    await tx
      .update(table)
      .set({ display_order: p.display_order, ...(tree ? { parent_id: p.parent_id } : {}), ...('updated_at' in table ? { updated_at: spec.now } : {}) })
      .where(eq(table.id, p.id))
  }
  return placed
}
