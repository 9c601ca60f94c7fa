import type { ContentKind } from '../../core/content-kinds.js'
import { carriersOf } from '../../core/content.js'
import { dateIn, siteRules, type ContentWorkflow } from '../../kits/content-workflow/rules.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { contentItem } from '../../core/scopes.js'
import { blogs, type BlogRow } from '../../db/schema/blogs.js'
import * as q from './queries.js'
import type { Blog } from './schemas.js'

/** A blog: shared content (core/content.ts), readable through every carrying site, written on the owning one. */
export const blogEntity = defineEntity({
  name: 'blog',
  events: [...crudEvents('blog'), 'blog.reviewed', 'blog.published'],
  scope: contentItem(blogs),
  // Deleting a blog bumps its record version (write.service.ts), and site_ids never change: the scope can be remembered.
  scopeHandle: (id) => `blog:${id}`,
})

/** What a change hanging off a blog's content item (tags, categories, documents) means: blog.updated with the blog. */
export const blogContentKind: ContentKind = {
  type: 'blog',
  entity: blogEntity,
  async records(db, contentIds) {
    const rows = await q.liveBlogsOfContent(db, contentIds)
    const carriers = await carriersOf(
      db,
      rows.map((r) => r.content_id),
    )
    return new Map(rows.map((row) => [row.content_id, { id: row.id, siteId: row.site_id, slug: row.slug, data: q.toBlog(row, carriers.get(row.content_id)) }]))
  },
  async labels(db, contentIds) {
    const rows = await q.liveBlogsOfContent(db, contentIds)
    const titles = await q.firstTitles(db, contentIds)
    return new Map(rows.map((row) => [row.content_id, titles.get(row.content_id) ?? row.slug]))
  },
}

/** Blogs on the content workflow kit (kits/content-workflow/rules.ts): review, bulk, scheduler, write rules. */
export const blogWorkflow: ContentWorkflow<BlogRow, Blog> = {
  type: 'blog',
  entity: blogEntity,
  table: blogs,
  lock: q.lockBlog,
  update: (tx, id, patch) => q.updateBlog(tx, id, patch),
  present: q.toBlog,
  // Becoming Published also sets published_date (today in the site's time zone) unless it is set.
  async publishFields(tx, row, now) {
    return { published_date: row.published_date ?? dateIn((await siteRules(tx, row.site_id)).timezone, now) }
  },
  label: async (db, row) => (await q.firstTitles(db, [row.content_id])).get(row.content_id) ?? row.slug,
  title: async (db, row) => (await q.defaultLocalization(db, row.content_id, row.site_id)).title || row.slug,
  keys: (blog) => [blog.slug],
}
