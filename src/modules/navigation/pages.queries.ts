import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { contentSites } from '../../db/schema/content.js'
import { pages } from '../../db/schema/pages.js'

/*
 * Page links of navigation items, in one place: a `page` item may link to a live page the menu's site carries
 * (owned or shared with it), whatever its workflow status (a frontend following a link to a draft gets the
 * by-route 404 a Read key gets; previews with a Write key work). Tree caches depend on the site's list version,
 * which every page write bumps, so a renamed route shows up in cached trees at once.
 */

const carriedBy = (siteId: string) =>
  and(eq(contentSites.content_id, pages.content_id), eq(contentSites.site_id, siteId), eq(contentSites.content_type, 'page'), sql`${contentSites.is_live}`)

/** Routes (with their leading slash) of the given pages that the site carries, by page id; one query. */
export async function pageRoutesOf(db: ReadDb, siteId: string, pageIds: readonly string[]): Promise<Map<string, string>> {
  if (pageIds.length === 0) return new Map()
  const rows = await db
    .select({ id: pages.id, route: pages.route })
    .from(pages)
    .innerJoin(contentSites, carriedBy(siteId))
    .where(and(inArray(pages.id, [...pageIds]), isNull(pages.deleted_at)))
  return new Map(rows.map((r) => [r.id, r.route]))
}

/** Whether a page item of the site may link to this page (a live page the site carries). */
export async function pageLinkable(db: ReadDb, siteId: string, pageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pages.id })
    .from(pages)
    .innerJoin(contentSites, carriedBy(siteId))
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
    .limit(1)
  return row !== undefined
}
