import { sql } from 'drizzle-orm'
import type { ReadDb } from '../db/client.js'
import { rowsOf } from '../db/migrate.js'
import { defineEntity, type RecordScope } from './entities.js'

/*
 * Scope of a content item (the body of a blog, page, …: taxonomy, localizations and attachments hang off
 * content_id). Owning site: content.site_id; carrying sites: the live content_sites rows, owner first. A
 * content item whose record was soft-deleted has no live carrier row (core/content.ts retireContent), so it
 * resolves to nothing, whatever kind it is.
 */
export async function contentScope(db: ReadDb, id: string): Promise<RecordScope | undefined> {
  const result = await db.execute(sql`
    select c.site_id::text as site_id,
           array_agg(cs.site_id::text order by cs.position, cs.site_id) as site_ids
    from content c join content_sites cs on cs.content_id = c.id and cs.is_live
    where c.id = ${id}
    group by c.site_id
    having bool_or(cs.site_id = c.site_id)`)
  const [row] = rowsOf<{ site_id: string; site_ids: string[] }>(result)
  if (!row) return undefined
  return { siteId: row.site_id, siteIds: [row.site_id, ...row.site_ids.filter((s) => s !== row.site_id)] }
}

/** A content item addressed by `content_id` (taxonomy assignment; audit entity of those changes). */
export const contentEntity = defineEntity({ name: 'content', scope: contentScope })
