import { getTableName, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { namedRows } from '../db/named.js'
import type { ScopeResolver } from './entities.js'

/*
 * The usual answers to "where does this record live?". A resolver only says where; requireRecord() refuses
 * records of soft-deleted sites itself, so no resolver can forget it. Each runs on every first access to a record
 * (and after its deletion), ahead of the record's own read: one fixed statement per table, named (db/named.ts).
 */

/** A table of site-owned records: `id`, `site_id` and, for soft delete, `deleted_at`. */
export type SiteOwnedTable = PgTable & { id: AnyPgColumn; site_id: AnyPgColumn; deleted_at?: AnyPgColumn }

/** Records owned by one site (tags, categories, menus, …); soft-deleted rows resolve to nothing. */
export function siteOwned(table: SiteOwnedTable): ScopeResolver {
  const name = `scope:site-owned:${getTableName(table)}`
  const live = table.deleted_at ? sql` and ${table.deleted_at} is null` : sql``
  return async (db, id) => {
    const [row] = await namedRows<{ site_id: string }>(
      db,
      name,
      sql`select ${table.site_id}::text as site_id from ${table} where ${table.id} = ${id}${live} limit 1`,
    )
    return row ? { siteId: row.site_id, siteIds: [row.site_id] } : undefined
  }
}

/** A table of records whose body is a content item (blogs, pages, skills, CV): `id`, `content_id`, `site_id`, `deleted_at`. */
export type ContentItemTable = SiteOwnedTable & { content_id: AnyPgColumn; deleted_at: AnyPgColumn }

/** Shared content: the owning site and every site carrying the content item, owner first, in one query. */
export function contentItem(table: ContentItemTable): ScopeResolver {
  const name = `scope:content-item:${getTableName(table)}`
  return async (db, id) => {
    const [row] = await namedRows<{ site_id: string; site_ids: string[] }>(
      db,
      name,
      sql`
      select t.site_id::text as site_id,
             coalesce((select array_agg(c.site_id::text order by c.position) from content_sites c where c.content_id = t.content_id), '{}') as site_ids
      from ${table} t where t.id = ${id} and t.deleted_at is null limit 1`,
    )
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
