import { contentScope } from '../../core/content-scope.js'
import { localizations, type ParentRef } from '../../kits/localizations/rules.js'
import type { Tx } from '../../db/client.js'
import { blogLocalizations, type BlogRow } from '../../db/schema/blogs.js'
import { blogEntity } from './entity.js'
import * as q from './queries.js'

/*
 * Blog localizations on the localization kit (kits/localizations/rules.ts): one per locale of the owning site,
 * Markdown body. The default-locale body sets the blog's reading_time_minutes; every change is a change of
 * the blog (blog.updated with the blog as GET /blogs/{id} shows it).
 */

const WORDS_PER_MINUTE = 200

/** Reading time of a Markdown text at ~200 words per minute: 0 without words (or without a body), else at least 1. */
export function readingTimeMinutes(markdown: string | null): number {
  if (markdown === null) return 0
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ') // images: alt text only
    .replace(/\[([^\]]*)\]\([^)]*\)/g, ' $1 ') // links: their text
    .replace(/<[^>]+>/g, ' ') // inline HTML tags
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

const ref = (row: BlogRow | undefined): ParentRef<BlogRow> | undefined => row && { id: row.id, key: row.content_id, siteId: row.site_id, row }

export const blogLocalizationKit = localizations({
  name: 'blog_localization',
  table: blogLocalizations,
  parentKey: blogLocalizations.content_id,
  parent: {
    entity: blogEntity,
    scopeByKey: contentScope,
    byId: async (db, id, tx?: Tx) => ref(tx ? await q.lockBlog(tx, id) : await q.findBlog(db, id)),
    byKey: async (db, contentId, tx?: Tx) => {
      const blog = await q.liveBlogOfContent(db, contentId)
      return ref(blog && tx ? await q.lockBlog(tx, blog.id) : blog)
    },
    // As the post's own entries name it (write.service postLabel).
    label: async (tx, parent) => (await q.firstTitles(tx, [parent.key])).get(parent.key) ?? parent.row.slug,
    async changed(tx, parent, now) {
      const minutes = readingTimeMinutes((await q.defaultLocalization(tx, parent.key, parent.siteId)).body)
      const blog = await q.updateBlog(tx, parent.id, { reading_time_minutes: minutes, updated_at: now })
      const siteIds = await q.siteIdsOf(tx, blog.content_id)
      const wire = q.toBlog(blog, siteIds)
      return { events: [{ type: 'blog.updated', siteId: blog.site_id, data: wire }], siteIds: wire.site_ids, slugs: [blog.slug] }
    },
  },
})

export const blogLocalizationEntity = blogLocalizationKit.entity
