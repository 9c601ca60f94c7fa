import type { ReadDb } from '../../db/client.js'

/*
 * Page links of navigation items, in one place. Pages are built by another module (src/db/schema/pages.ts: `pages`
 * with `id`, `site_id`, `route` (leading slash), `deleted_at`, carried by sites through `content_sites`), absent
 * on this branch.
 *
 * MERGE-TODO(pages): wire both functions to the pages table:
 *   - pageRoutesOf: one query, `select p.id, p.route from pages p join content_sites cs on cs.content_id = p.content_id
 *     and cs.site_id = $siteId where p.id = any($pageIds) and p.deleted_at is null`;
 *   - pageLinkable: the same condition for one id (a live page the menu's site carries).
 * Until then every uuid is accepted and no route resolves (tree nodes show page_slug null), and the tree cache
 * already depends on the site's list version, which page writes bump.
 */

/** Routes (with their leading slash) of the given pages that the site carries, by page id; one query. */
export function pageRoutesOf(_db: ReadDb, _siteId: string, _pageIds: readonly string[]): Promise<Map<string, string>> {
  return Promise.resolve(new Map<string, string>()) // MERGE-TODO(pages)
}

/** Whether a page item of the site may link to this page (a live page the site carries). */
export function pageLinkable(_db: ReadDb, _siteId: string, _pageId: string): Promise<boolean> {
  return Promise.resolve(true) // MERGE-TODO(pages)
}
