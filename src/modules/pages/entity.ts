import type { ContentKind } from '../../core/content-kinds.js'
import type { ContentWorkflow } from '../../kits/content-workflow/rules.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { contentItem } from '../../core/scopes.js'
import { pages, type PageRow } from '../../db/schema/pages.js'
import * as q from './queries.js'
import type { Page } from './schemas.js'

/** A page: shared content (core/content.ts), readable through every carrying site, written on the owning one. */
export const pageEntity = defineEntity({
  name: 'page',
  events: [...crudEvents('page'), 'page.reviewed', 'page.published'],
  scope: contentItem(pages),
  // Deleting a page bumps its record version (write.service.ts), and site_ids never change: the scope can be remembered.
  scopeHandle: (id) => `page:${id}`,
})

/** What a change hanging off a page's content item (tags, categories) means: page.updated with the page. */
export const pageContentKind: ContentKind = {
  type: 'page',
  entity: pageEntity,
  async records(db, contentIds) {
    const rows = await q.livePagesOfContent(db, contentIds)
    const wire = await q.pagesWire(db, rows)
    // slug: the lookup key of a page is its route (by-route answers are refreshed under it).
    return new Map(rows.map((row, i) => [row.content_id, { id: row.id, siteId: row.site_id, slug: row.route, data: wire[i] }]))
  },
  // As the page's own audit entries name it (core/mutation.ts recordLabel: a page has no title, its slug names it).
  labels: async (db, contentIds) => new Map((await q.livePagesOfContent(db, contentIds)).map((row) => [row.content_id, row.slug])),
}

/**
 * Pages on the content workflow kit (kits/content-workflow/rules.ts): review, bulk, scheduler and the write rules are
 * the blogs' own. A page is reached by its route: that is its lookup key for reader refresh.
 */
export const pageWorkflow: ContentWorkflow<PageRow, Page> = {
  type: 'page',
  entity: pageEntity,
  table: pages,
  lock: q.lockPage,
  update: (tx, id, patch) => q.updatePage(tx, id, patch),
  present: q.toPage,
  title: async (db, row) => (await q.defaultTitle(db, row)) ?? row.route,
  keys: (page) => [page.route],
}
