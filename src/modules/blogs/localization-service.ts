import { bumpContentVersion } from '../../core/content-version.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import { registerScope } from '../../core/scope.js'
import type { Tx } from '../../db/client.js'
import type { BlogLocalizationRow, BlogRow } from '../../db/schema/blogs.js'
import type { LocaleRow } from '../../db/schema/sites.js'
import { conflict, notFound, validation } from '../../http/errors.js'
import * as lq from './localization.queries.js'
import * as q from './queries.js'
import type { Blog, BlogLocalization, CreateLocalizationBody, UpdateLocalizationBody } from './schemas.js'

/*
 * Blog localizations: one per locale of the blog's owning site, Markdown body. The default-locale body
 * sets the blog's reading_time_minutes. A localization change is a change of the blog (blog.updated).
 */

/** A localization lives where its (live) blog lives. */
registerScope('blog_localization', async (db, locId) => {
  const blog = await lq.blogOfLocalization(db, locId)
  if (!blog) return undefined
  const siteIds = await q.siteIdsOf(db, blog.content_id)
  return { siteId: blog.site_id, siteIds: siteIds.length > 0 ? siteIds : [blog.site_id] }
})

const WORDS_PER_MINUTE = 200

/** Reading time of a Markdown text at ~200 words per minute: 0 without words, else at least 1. */
export function readingTimeMinutes(markdown: string): number {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' $1 ') // images: alt text only
    .replace(/\[([^\]]*)\]\([^)]*\)/g, ' $1 ') // links: their text
    .replace(/<[^>]+>/g, ' ') // inline HTML tags
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/**
 * Checks localization inputs against the owning site's locales: 400 for a locale the site does not have,
 * 409 for a second localization of the same locale (in the input or already on the blog).
 */
export function checkLocales(siteLocales: LocaleRow[], inputs: Array<{ locale_id: string }>, existing: string[], field: (i: number) => string): void {
  const known = new Set(siteLocales.map((l) => l.id))
  const seen = new Set(existing)
  inputs.forEach((input, i) => {
    if (!known.has(input.locale_id)) validation(field(i), "is not a locale of the blog's owning site")
    if (seen.has(input.locale_id)) {
      const code = siteLocales.find((l) => l.id === input.locale_id)?.code ?? input.locale_id
      conflict(`The blog already has a localization for locale ${code}`)
    }
    seen.add(input.locale_id)
  })
}

/** Insert values for localization inputs of a content item. */
export function localizationValues(contentId: string, inputs: CreateLocalizationBody[], now: Date) {
  return inputs.map((l) => ({ ...l, content_id: contentId, created_at: now, updated_at: now }))
}

/** Recomputes reading_time_minutes from the default-locale body; returns the blog as it now is. */
export async function refreshReadingTime(tx: Tx, blog: BlogRow, now: Date): Promise<BlogRow> {
  const minutes = readingTimeMinutes((await q.defaultLocalization(tx, blog.content_id, blog.site_id)).body)
  return q.updateBlog(tx, blog.id, { reading_time_minutes: minutes, updated_at: now })
}

async function blogEvent(tx: Tx, blog: BlogRow): Promise<{ wire: Blog; events: Array<{ type: string; siteId: string; data: Blog }> }> {
  const wire = q.toBlog(blog, await q.siteIdsOf(tx, blog.content_id))
  return { wire, events: [{ type: 'blog.updated', siteId: blog.site_id, data: wire }] }
}

/** Localizations of a blog, default locale first (access resolved by the route). */
export async function list(ctx: Ctx, blogId: string): Promise<BlogLocalizationRow[]> {
  const blog = (await q.findBlog(ctx.db, blogId)) ?? notFound('blog')
  return q.localizationsOf(ctx.db, blog.content_id)
}

/** Adds a localization. 400 for a locale outside the owning site, 409 when the locale already has one. */
export async function create(ctx: Ctx, blogId: string, body: CreateLocalizationBody): Promise<BlogLocalization> {
  const now = ctx.clock.now()
  const { loc, wire } = await mutate(ctx, { entity: 'blog_localization', action: 'Create' }, async (tx) => {
    const blog = (await q.lockBlog(tx, blogId)) ?? notFound('blog')
    const existing = await q.localizationsOf(tx, blog.content_id)
    checkLocales(
      await lq.siteLocales(tx, blog.site_id),
      [body],
      existing.map((l) => l.locale_id),
      () => 'locale_id',
    )
    const [row] = await lq.insertLocalizations(tx, localizationValues(blog.content_id, [body], now))
    const created = row as BlogLocalizationRow
    const { wire, events } = await blogEvent(tx, await refreshReadingTime(tx, blog, now))
    return { result: { loc: created, wire }, siteId: blog.site_id, entityId: created.id, after: created, metadata: { blog_id: blog.id }, events }
  })
  await bumpContentVersion(ctx.deps, wire.site_ids)
  return loc
}

/** Partial update of a localization's texts (its locale stays). 404 when it or its blog is gone. */
export async function update(ctx: Ctx, locId: string, body: UpdateLocalizationBody): Promise<BlogLocalization> {
  const now = ctx.clock.now()
  const { loc, wire } = await mutate(ctx, { entity: 'blog_localization', action: 'Update' }, async (tx) => {
    const owner = (await lq.blogOfLocalization(tx, locId)) ?? notFound('blog_localization')
    const blog = (await q.lockBlog(tx, owner.id)) ?? notFound('blog_localization')
    const before = (await lq.findLocalization(tx, locId)) ?? notFound('blog_localization')
    const after = await lq.updateLocalization(tx, locId, { ...body, updated_at: now })
    const { wire, events } = await blogEvent(tx, await refreshReadingTime(tx, blog, now))
    return { result: { loc: after, wire }, siteId: blog.site_id, entityId: locId, before, after, metadata: { blog_id: blog.id }, events }
  })
  await bumpContentVersion(ctx.deps, wire.site_ids)
  return loc
}

/** Deletes a localization (hard delete; the blog stays). */
export async function remove(ctx: Ctx, locId: string): Promise<void> {
  const now = ctx.clock.now()
  const wire = await mutate(ctx, { entity: 'blog_localization', action: 'Delete' }, async (tx) => {
    const owner = (await lq.blogOfLocalization(tx, locId)) ?? notFound('blog_localization')
    const blog = (await q.lockBlog(tx, owner.id)) ?? notFound('blog_localization')
    const before = (await lq.findLocalization(tx, locId)) ?? notFound('blog_localization')
    await lq.deleteLocalization(tx, locId)
    const { wire, events } = await blogEvent(tx, await refreshReadingTime(tx, blog, now))
    return { result: wire, siteId: blog.site_id, entityId: locId, metadata: { blog_id: blog.id, locale_id: before.locale_id }, events }
  })
  await bumpContentVersion(ctx.deps, wire.site_ids)
}
