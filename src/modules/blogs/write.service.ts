import type { Revertable } from '../../core/entities.js'
import { copyContentAttachments, createContent, freeGeneratedSlug, renameContent } from '../../core/content.js'
import { generatedSlug, slugSource } from '../../core/slugs.js'
import {
  cloneTargets,
  contentEvents,
  contentReaders,
  createdBy,
  dateIn,
  lockForUpdate,
  notifyIfSubmitted,
  plannedCreate,
  plannedMove,
  retireRecord,
  siteRules,
  updatedOutcome,
} from '../../kits/content-workflow/rules.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import { notFound } from '../../http/errors.js'
import { resolveLocales, siteLocales } from '../../kits/localizations/rules.js'
import { blogEntity, blogWorkflow } from './entity.js'
import { readingTimeMinutes } from './localization.service.js'
import * as lq from './localization.queries.js'
import * as q from './queries.js'
import * as dq from './public-read.queries.js'
import { withImages } from './images.service.js'
import { applyTemplate } from '../content-templates/templates.service.js'
import { blogs } from '../../db/schema/blogs.js'
import { CreateBlogBody, type Blog, type BlogDetail, UpdateBlogBody } from './schemas.js'

/*
 * Blog writes: create (with optional localizations), partial update with the workflow rules, soft delete
 * and clone. Each is one mutate() (audit, change history, outbox events) that names the blog and every
 * carrying site as changed for readers. Events carry the blog as GET /blogs/{id} answers it.
 */

export { canPublish, dateIn } from '../../kits/content-workflow/rules.js'

/** Events of a blog change: the given type, plus blog.published when it became Published. */
const eventsOf = (suffix: 'created' | 'updated' | 'deleted', blog: Blog, published: boolean) => contentEvents(blogWorkflow, suffix, blog, published)

/** A change of the blog: its own answers (by id, and by its slugs before and after) and every carrying site's lists. */
const changedFor = (blog: Blog, oldSlug?: string) => contentReaders(blogWorkflow, blog, oldSlug === undefined ? [] : [oldSlug])

/**
 * The audit entry's record_label of a post: its title in the site's default locale (else the first titled
 * localization), falling back to its slug when no localization has a title: editors know posts by their titles.
 */
export function postLabel(locs: ReadonlyArray<{ title?: string | null }>, slug: string): string {
  return locs.find((l) => typeof l.title === 'string' && l.title.trim() !== '')?.title ?? slug
}

const labelOfPost = async (tx: Parameters<typeof q.localizationsOf>[0], contentId: string, slug: string) =>
  postLabel(await q.localizationsOf(tx, contentId), slug)

/**
 * Creates a blog in site_ids (the first owns it) with optional localizations. 404/403 when a site is out
 * of reach or the caller lacks Author there; 400 for a locale outside the owning site or a bad schedule;
 * 403 when publishing is not allowed; 409 for a slug taken in a carrying site or a duplicate locale.
 */
export async function create(ctx: Ctx, input: CreateBlogBody): Promise<BlogDetail> {
  const body = await applyTemplate(ctx, 'blog', input, CreateBlogBody)
  const owner = body.site_ids[0] as string
  const site = await siteRules(ctx.db, owner)
  const locales = await siteLocales(ctx.db, owner)
  const localeIds = resolveLocales(locales, body.localizations ?? [], [], (i) => `localizations.${i}.`)
  const inputs = (body.localizations ?? []).map(({ locale: _code, ...l }, i) => ({ ...l, locale_id: localeIds[i] as string }))
  const now = ctx.clock.now()
  const { status, published, publishStart, publishEnd } = plannedCreate(ctx, owner, site, body, now)
  const defaultLocale = locales.find((l) => l.is_default)?.id
  const title = body.slug === undefined ? slugSource(inputs, defaultLocale) : undefined
  return mutate(ctx, { entity: blogEntity, action: 'Create' }, async (tx) => {
    // A generated slug that is taken gets -2, -3, …; a slug the client sent stays a 409 (createContent).
    const slug = body.slug ?? (await freeGeneratedSlug(tx, 'blog', body.site_ids, generatedSlug(title, 'post')))
    const content = await createContent(tx, { type: 'blog', siteIds: body.site_ids, slug, createdAt: now })
    const row = await q.insertBlog(tx, {
      content_id: content.id,
      site_id: owner,
      slug,
      author: body.author ?? null,
      status,
      published_date: body.published_date ?? (published ? dateIn(site.timezone, now) : null),
      published_at: published ? now : null,
      publish_start: publishStart,
      publish_end: publishEnd,
      is_featured: body.is_featured ?? false,
      allow_comments: body.allow_comments ?? true,
      reading_time_minutes: readingTimeMinutes(inputs.find((l) => l.locale_id === defaultLocale)?.body ?? null),
      cover_image_id: body.cover_image_id ?? null,
      header_image_id: body.header_image_id ?? null,
      ...createdBy(ctx, now),
    })
    await lq.insertLocalizations(
      tx,
      inputs.map((l) => ({ ...l, content_id: content.id, created_at: now, updated_at: now })),
    )
    await notifyIfSubmitted(tx, blogWorkflow, 'Draft', row)
    const detail = (await dq.detailById(tx, row.id)) ?? notFound(blogEntity)
    const blog = q.toBlog(row, detail.site_ids)
    return {
      result: withImages(ctx, detail),
      siteId: owner,
      entityId: row.id,
      metadata: { slug: row.slug, status, site_ids: detail.site_ids, locales: inputs.map((l) => l.locale_id) },
      label: await labelOfPost(tx, content.id, row.slug),
      events: eventsOf('created', blog, published),
      readers: changedFor(blog),
    }
  })
}

/**
 * Partial update. A status change follows core/workflow statusAfterUpdate (403 when publishing is not
 * allowed, 409 INVALID_STATE for a submit from a state other than Draft, 400 for a schedule without a
 * future publish_start); becoming Published sets published_at (and published_date when null) and fires
 * blog.published; becoming InReview notifies the site's reviewers. 409 for a slug taken in a carrying site.
 */
export async function update(ctx: Ctx, id: string, body: UpdateBlogBody): Promise<Blog> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: blogEntity, action: 'Update' }, async (tx) => {
    const { row: before, site, siteIds } = (await lockForUpdate(tx, blogs, id)) ?? notFound(blogEntity)
    const move = plannedMove(ctx, blogWorkflow, before, site, body, now)
    if (body.slug !== undefined && body.slug !== before.slug) await renameContent(tx, 'blog', before.content_id, body.slug)
    const { publish_start: _s, publish_end: _e, status: _st, ...plain } = body
    // The audit label's title comes back with the update: no statement of its own.
    const { row: after, title } = await q.updateBlogTitled(tx, id, {
      ...plain,
      status: move.status,
      publish_start: move.publishStart,
      publish_end: move.publishEnd,
      ...(move.published ? { published_at: now, published_date: body.published_date ?? before.published_date ?? dateIn(site.timezone, now) } : {}),
      updated_at: now,
    })
    const outcome = await updatedOutcome(tx, blogWorkflow, { before, after, siteIds, move, oldKey: before.slug })
    return { ...outcome, label: postLabel(title === null ? [] : [{ title }], after.slug) }
  })
}

/** Soft delete: the blog answers 404 from now on, leaves every list and its slug is free again. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  const now = ctx.clock.now()
  await mutate(ctx, { entity: blogEntity, action: 'Delete' }, async (tx) => {
    const { before, wire } = await retireRecord(tx, blogWorkflow, id, now)
    return {
      result: wire,
      siteId: before.site_id,
      entityId: id,
      current: wire,
      metadata: { slug: before.slug },
      label: await labelOfPost(tx, before.content_id, before.slug),
      events: eventsOf('deleted', wire, false),
      readers: changedFor(wire),
    }
  })
}

/**
 * Copies a blog into a new Draft in the same sites: slug "<slug>-copy", "-copy-2", … (first free in every
 * carrying site), no published_at/published_date; localizations and what hangs off the content item (categories,
 * tags: core/content.ts copyContentAttachments) are copied.
 */
export async function clone(ctx: Ctx, id: string): Promise<BlogDetail> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: blogEntity, action: 'Create' }, async (tx) => {
    const source = (await q.findBlog(tx, id)) ?? notFound(blogEntity)
    const { siteIds, slug } = await cloneTargets(ctx, tx, blogWorkflow, source)
    const content = await createContent(tx, { type: 'blog', siteIds, slug, createdAt: now })
    const { id: _id, content_id: _c, deleted_at: _d, ...copied } = source
    const row = await q.insertBlog(tx, {
      ...copied,
      content_id: content.id,
      slug,
      status: 'Draft',
      published_at: null,
      published_date: null,
      ...createdBy(ctx, now),
    })
    const locs = await q.localizationsOf(tx, source.content_id)
    await lq.insertLocalizations(
      tx,
      locs.map(({ id: _l, content_id: _lc, ...l }) => ({ ...l, content_id: content.id, created_at: now, updated_at: now })),
    )
    await copyContentAttachments(tx, source.content_id, content.id, now)
    const detail = (await dq.detailById(tx, row.id)) ?? notFound(blogEntity)
    const blog = q.toBlog(row, detail.site_ids)
    return {
      result: withImages(ctx, detail),
      siteId: row.site_id,
      entityId: row.id,
      metadata: { source_id: source.id, slug },
      label: postLabel(locs, slug),
      events: eventsOf('created', blog, false),
      readers: changedFor(blog),
    }
  })
}

/** Revert (audit module) goes through this update, so a revert gets the same rules, events and cache refresh. */
export const blogRevert: Revertable = {
  entity: blogEntity,
  hook: { body: UpdateBlogBody, apply: (ctx, id, values) => update(ctx, id, values) },
}
