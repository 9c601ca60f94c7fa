import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { rowsOf } from '../db/migrate.js'
import type { ScopeResolver } from './entities.js'

/*
 * The usual answers to "where does this record live?". A resolver only says where; requireRecord() refuses
 * records of soft-deleted sites itself, so no resolver can forget it.
 */

/** A table of site-owned records: `id`, `site_id` and, for soft delete, `deleted_at`. */
export type SiteOwnedTable = PgTable & { id: AnyPgColumn; site_id: AnyPgColumn; deleted_at?: AnyPgColumn }

/** Records owned by one site (tags, categories, menus, …); soft-deleted rows resolve to nothing. */
export function siteOwned(table: SiteOwnedTable): ScopeResolver {
  return async (db, id) => {
    const [row] = await db
      .select({ siteId: table.site_id })
      .from(table)
      .where(and(eq(table.id, id), table.deleted_at ? isNull(table.deleted_at) : undefined))
      .limit(1)
    const siteId = (row as { siteId: string } | undefined)?.siteId
    return siteId === undefined ? undefined : { siteId, siteIds: [siteId] }
  }
}

/** A table of records whose body is a content item (blogs, pages, skills, CV): `id`, `content_id`, `site_id`, `deleted_at`. */
export type ContentItemTable = SiteOwnedTable & { content_id: AnyPgColumn; deleted_at: AnyPgColumn }

/** Shared content: the owning site and every site carrying the content item, owner first, in one query. */
export function contentItem(table: ContentItemTable): ScopeResolver {
  return async (db, id) => {
    const result = await db.execute(sql`
      select t.site_id::text as site_id,
             coalesce((select array_agg(c.site_id::text order by c.position) from content_sites c where c.content_id = t.content_id), '{}') as site_ids
      from ${table} t where t.id = ${id} and t.deleted_at is null limit 1`)
    const [row] = rowsOf<{ site_id: string; site_ids: string[] }>(result)
    if (!row) return undefined
    return { siteId: row.site_id, siteIds: row.site_ids.length > 0 ? row.site_ids : [row.site_id] }
  }
}

/** Records that hang off a parent record (localizations, sections, items): they live where the parent lives. */
export function childOf(parentScope: ScopeResolver, parentIdOf: (db: Parameters<ScopeResolver>[0], id: string) => Promise<string | undefined>): ScopeResolver {
  return async (db, id) => {
    const parentId = await parentIdOf(db, id)
    return parentId === undefined ? undefined : parentScope(db, parentId)
  }
}
