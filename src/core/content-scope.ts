import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ReadDb } from '../db/client.js'
import { blogs } from '../db/schema/blogs.js'
import { content, contentSites } from '../db/schema/content.js'
import { sites } from '../db/schema/sites.js'
import { registerScope, type RecordScope } from './scope.js'

/*
 * Scope of a content item (blog or page body: taxonomy, localizations and attachments hang off content_id).
 * Owning site: content.site_id; carrying sites: the live content_sites rows of live sites, owner first.
 * undefined (one 404 for record() access) when the content is unknown, its owning site is deleted, or the
 * blog that owns it is soft-deleted. Pages extend the deleted check when they land.
 */
export async function contentScope(db: ReadDb, id: string): Promise<RecordScope | undefined> {
  // Raw aliases keep the correlated subquery unambiguous whatever drizzle does with column names.
  const carrying = sql<string[]>`coalesce((
      select array_agg(cs.site_id::text order by cs.position, cs.site_id)
      from ${contentSites} cs join ${sites} s on s.id = cs.site_id and s.deleted_at is null
      where cs.content_id = "content"."id" and cs.is_live
    ), '{}'::text[])`
  const [row] = await db
    .select({ siteId: content.site_id, blogDeletedAt: blogs.deleted_at, carrying })
    .from(content)
    .innerJoin(sites, and(eq(sites.id, content.site_id), isNull(sites.deleted_at)))
    .leftJoin(blogs, eq(blogs.content_id, content.id))
    .where(eq(content.id, id))
    .limit(1)
  if (!row || row.blogDeletedAt !== null) return undefined
  const others = (row.carrying ?? []).filter((s) => s !== row.siteId)
  return { siteId: row.siteId, siteIds: [row.siteId, ...others] }
}

registerScope('content', contentScope)
