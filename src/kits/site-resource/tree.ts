import { and, eq, getTableColumns, getTableName, isNull, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ReadDb, Tx } from '../../db/client.js'
import { rowsOf } from '../../db/rows.js'
import { validation } from '../../http/errors.js'
import type { SiteOwnedTable } from '../../core/scopes.js'

/*
 * The rules of a site-owned tree (categories, document folders, media folders), for the site-resource kit's `tree`
 * option: a parent is a live record of the same site and never the record itself or one below it; moves and
 * deletes of one site's tree run one at a time (a parent deleted meanwhile would orphan a child); a deleted
 * record's children move up to its parent, so nothing disappears with it.
 */

/** What the declaration says about its tree. */
export interface TreeSpec {
  /** How 400s on parent_id name a record ("category", "folder"). */
  noun: string
  /** Audit metadata names of a delete: where the children went and which moved. */
  moved: { to: string; ids: string }
}

type TreeRow = { id: string; site_id: string; parent_id: string | null }

export interface Tree<R> {
  readonly spec: TreeSpec
  /** Serialises changes to one site's tree until the transaction ends. */
  lock(tx: Tx, siteId: string): Promise<void>
  /** Ids of the record and all its ancestors (walks parent_id upwards; bounded against stray cycles). */
  selfAndAncestorIds(db: ReadDb, id: string): Promise<string[]>
  /** 400 on parent_id for a parent that is not a live record of the site, the record itself or one below it. */
  checkParent(tx: Tx, w: { siteId: string; values: { parent_id?: string | null }; before?: R }): Promise<void>
  /** Moves the live children of a record to another parent (null: top level); returns them as updated. */
  reparentChildren(tx: Tx, id: string, parentId: string | null, now: Date): Promise<R[]>
}

export function siteTree<R extends TreeRow>(table: SiteOwnedTable, spec: TreeSpec): Tree<R> {
  const cols = getTableColumns(table) as Record<string, AnyPgColumn>
  const parentCol = cols.parent_id
  if (!parentCol) throw new Error(`${getTableName(table)}: a tree needs a parent_id column`)
  const from = table as PgTable
  const live = (): SQL | undefined => (cols.deleted_at ? isNull(cols.deleted_at) : undefined)
  const lockKey = (siteId: string) => `atrium:tree:${getTableName(table)}:${siteId}`
  const find = async (db: ReadDb, id: string): Promise<R | undefined> => {
    const [row] = await db
      .select()
      .from(from)
      .where(and(eq(table.id, id), live()))
      .limit(1)
    return row as R | undefined
  }
  const tree: Tree<R> = {
    spec,
    async lock(tx, siteId) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey(siteId)}, 0))`)
    },
    async selfAndAncestorIds(db, id) {
      const result = await db.execute(sql`
        with recursive up(id, parent_id, depth) as (
          select t.id, t.parent_id, 0 from ${table} t where t.id = ${id}
          union all
          select t.id, t.parent_id, up.depth + 1 from ${table} t join up on t.id = up.parent_id where up.depth < 1000
        )
        select id::text as id from up`)
      return rowsOf<{ id: string }>(result).map((r) => r.id)
    },
    async checkParent(tx, w) {
      const parentId = w.values.parent_id
      if (!parentId || parentId === w.before?.parent_id) return
      if (parentId === w.before?.id) validation('parent_id', `a ${spec.noun} cannot be its own parent`)
      const parent = await find(tx, parentId)
      if (!parent || parent.site_id !== w.siteId) validation('parent_id', `must be a ${spec.noun} of the same site`)
      if (w.before && (await tree.selfAndAncestorIds(tx, parentId)).includes(w.before.id)) {
        validation('parent_id', `would create a cycle: the new parent lies below this ${spec.noun}`)
      }
    },
    async reparentChildren(tx, id, parentId, now) {
      const rows = await tx
        .update(from)
        .set({ parent_id: parentId, updated_at: now })
        .where(and(eq(parentCol, id), live()))
        .returning()
      return rows as R[]
    },
  }
  return tree
}
