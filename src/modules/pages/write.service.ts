import type { Revertable } from '../../core/entities.js'
import { randomUUID } from 'node:crypto'
import { copyContentAttachments, createContent, freeCloneRoute, freeGeneratedSlug, renameContent, rerouteContent } from '../../core/content.js'
import { siteLocales } from '../../kits/localizations/rules.js'
import { generatedSlug } from '../../core/slugs.js'
import {
  cloneTargets,
  contentEvents,
  contentReaders,
  createdBy,
  lockForUpdate,
  notifyIfSubmitted,
  plannedCreate,
  plannedMove,
  retireRecord,
  scheduledSource,
  siteIdsOf,
  siteRules,
  updatedOutcome,
} from '../../kits/content-workflow/rules.js'
import type { Ctx } from '../../core/context.js'
import { mutate, type DomainEvent } from '../../core/mutation.js'
import type { ReadDb } from '../../db/client.js'
import { pages, type PageRow } from '../../db/schema/pages.js'
import { notFound, validation } from '../../http/errors.js'
import { pageEntity, pageWorkflow } from './entity.js'
import { normalizeRoute } from './paths.rules.js'
import * as q from './queries.js'
import { withCovers } from './images.service.js'
import { applyTemplate } from '../content-templates/templates.service.js'
import { CreatePageBody, type Page, type PageDetail, UpdatePageBody } from './schemas.js'
import { seedSections } from './sections.service.js'

/*
 * Page writes: create, partial update with the workflow rules, soft delete, clone, review, bulk and the
 * scheduler source, all on the content workflow kit (kits/content-workflow/rules.ts) that blogs use too. Each write is
 * one mutate() that names the page, its route in every carrying site and those sites' lists as changed for
 * readers. Events carry the page as GET /pages/{id} answers it.
 */

const eventsOf = (suffix: 'created' | 'updated' | 'deleted', page: Page, published: boolean) => contentEvents(pageWorkflow, suffix, page, published)

/** A change of the page: its answers by id and by its routes before and after, and every carrying site's lists. */
const changedFor = (page: Page, oldRoute?: string) => contentReaders(pageWorkflow, page, oldRoute === undefined ? [] : [oldRoute])

/** 400 unless the parent is a live page of the same owning site that is not the page itself nor one of its descendants. */
async function checkParent(db: ReadDb, siteId: string, parentId: string | null | undefined, pageId?: string): Promise<void> {
  if (parentId === undefined || parentId === null) return
  if (parentId === pageId) validation('parent_page_id', 'cannot be the page itself')
  const parent = await q.findPage(db, parentId)
  if (!parent || parent.site_id !== siteId) validation('parent_page_id', 'is not a live page of the same owning site')
  if (pageId !== undefined && (await q.ancestorIds(db, parentId)).includes(pageId)) validation('parent_page_id', 'would make the page its own ancestor')
}

/**
 * What the slug of a page created without one is generated from. A page has no title of its own: the title of the
 * first section's localization for the site's default locale (else its first titled one), as a blog takes its
 * localization's; else the last segment of the route, which every page has ("home" for "/"), so never a 400.
 */
async function pageSlugText(db: ReadDb, siteId: string, sections: CreatePageBody['sections'], route: string): Promise<string> {
  const localizations = sections?.[0]?.localizations ?? []
  const titled = localizations.filter((l) => l.title?.trim())
  if (titled.length > 0) {
    const main = (await siteLocales(db, siteId)).find((l) => l.is_default)
    const preferred = titled.find((l) => l.locale_id === main?.id || l.locale === main?.code) ?? titled[0]
    if (preferred?.title) return preferred.title
  }
  return route === '/' ? 'home' : (route.split('/').pop() ?? '')
}

/**
 * Creates a page in site_ids (the first owns it). 404/403 when a site is out of reach or the caller lacks Author
 * there; 400 for a bad route, parent or schedule; 403 when publishing is not allowed; 409 for a route or slug
 * taken in a carrying site.
 */
export async function create(ctx: Ctx, input: CreatePageBody): Promise<Page> {
  const { sections = [], ...body } = await applyTemplate(ctx, 'page', input, CreatePageBody)
  const owner = body.site_ids[0] as string
  const route = normalizeRoute(body.route)
  const site = await siteRules(ctx.db, owner)
  const now = ctx.clock.now()
  const { status, published, publishStart, publishEnd } = plannedCreate(ctx, owner, site, body, now)
  const slugText = body.slug === undefined ? await pageSlugText(ctx.db, owner, sections, route) : undefined
  return mutate(ctx, { entity: pageEntity, action: 'Create' }, async (tx) => {
    await checkParent(tx, owner, body.parent_page_id)
    // A generated slug that is taken gets -2, -3, …; a slug the client sent stays a 409 (createContent).
    const slug = body.slug ?? (await freeGeneratedSlug(tx, 'page', body.site_ids, generatedSlug(slugText, 'page')))
    const content = await createContent(tx, { type: 'page', siteIds: body.site_ids, slug, route, createdAt: now })
    const row = await q.insertPage(tx, {
      content_id: content.id,
      site_id: owner,
      route,
      slug,
      page_type: body.page_type ?? 'standard',
      template: body.template ?? null,
      is_in_navigation: body.is_in_navigation ?? false,
      navigation_order: body.navigation_order ?? 0,
      parent_page_id: body.parent_page_id ?? null,
      status,
      published_at: published ? now : null,
      publish_start: publishStart,
      publish_end: publishEnd,
      ...createdBy(ctx, now),
    })
    await seedSections(tx, row, sections, now)
    await notifyIfSubmitted(tx, pageWorkflow, 'Draft', row)
    const page = q.toPage(row, await siteIdsOf(tx, content.id))
    return {
      result: page,
      siteId: owner,
      entityId: row.id,
      after: page,
      metadata: { route, slug: row.slug, status, site_ids: page.site_ids },
      events: eventsOf('created', page, published),
      readers: changedFor(page),
    }
  })
}

/**
 * Partial update. A status change follows core/workflow statusAfterUpdate (403 when publishing is not allowed,
 * 409 INVALID_STATE for a submit from a state other than Draft, 400 for a schedule without a future
 * publish_start); becoming Published sets published_at and fires page.published; becoming InReview notifies the
 * site's reviewers. 409 for a route or slug taken in a carrying site.
 */
export async function update(ctx: Ctx, id: string, body: UpdatePageBody): Promise<Page> {
  const now = ctx.clock.now()
  const route = body.route === undefined ? undefined : normalizeRoute(body.route)
  return mutate(ctx, { entity: pageEntity, action: 'Update' }, async (tx) => {
    const { row: before, site, siteIds } = (await lockForUpdate(tx, pages, id)) ?? notFound(pageEntity)
    const move = plannedMove(ctx, pageWorkflow, before, site, body, now)
    await checkParent(tx, before.site_id, body.parent_page_id, id)
    if (body.slug !== undefined && body.slug !== before.slug) await renameContent(tx, 'page', before.content_id, body.slug)
    if (route !== undefined && route !== before.route) await rerouteContent(tx, 'page', before.content_id, route)
    const { publish_start: _s, publish_end: _e, status: _st, route: _r, ...plain } = body
    const after = await q.updatePage(tx, id, {
      ...plain,
      ...(route !== undefined ? { route } : {}),
      status: move.status,
      publish_start: move.publishStart,
      publish_end: move.publishEnd,
      ...(move.published ? { published_at: now } : {}),
      updated_at: now,
    })
    return updatedOutcome(tx, pageWorkflow, { before, after, siteIds, move, oldKey: before.route })
  })
}

/** Soft delete: the page answers 404 from now on, leaves every list, its route and slug are free again; its children become top-level. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  const now = ctx.clock.now()
  await mutate(ctx, { entity: pageEntity, action: 'Delete' }, async (tx) => {
    const { before, wire } = await retireRecord(tx, pageWorkflow, id, now)
    const children = await q.pagesWire(tx, await q.detachChildren(tx, id, now))
    const events: DomainEvent[] = [...eventsOf('deleted', wire, false), ...children.flatMap((c) => eventsOf('updated', c, false))]
    const impacts = [changedFor(wire), ...children.map((c) => changedFor(c))]
    return {
      result: undefined,
      siteId: before.site_id,
      entityId: id,
      before: { deleted_at: null },
      current: wire,
      after: { deleted_at: now },
      metadata: { route: before.route, slug: before.slug, ...(children.length > 0 ? { detached_children: children.map((c) => c.id) } : {}) },
      events,
      readers: { records: impacts.flatMap((i) => i.records ?? []), lists: [...new Set(impacts.flatMap((i) => i.lists ?? []))] },
    }
  })
}

/**
 * Copies a page into a new Draft in the same sites: route and slug "<x>-copy", "-copy-2", … (the first free in
 * every carrying site; the home page's copy is "/copy"), no published_at; sections with their localizations and
 * what hangs off the content item (categories, tags: core/content.ts copyContentAttachments) are copied.
 */
export async function clone(ctx: Ctx, id: string): Promise<PageDetail> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: pageEntity, action: 'Create' }, async (tx) => {
    const source = (await q.findPage(tx, id)) ?? notFound(pageEntity)
    const { siteIds, slug } = await cloneTargets(ctx, tx, pageWorkflow, source)
    const route = await freeCloneRoute(tx, 'page', siteIds, source.route)
    const content = await createContent(tx, { type: 'page', siteIds, slug, route, createdAt: now })
    const { id: _id, content_id: _c, deleted_at: _d, ...copied } = source
    const row: PageRow = await q.insertPage(tx, {
      ...copied,
      content_id: content.id,
      route,
      slug,
      status: 'Draft',
      published_at: null,
      ...createdBy(ctx, now),
    })
    await q.copySections(tx, source.id, row.id, randomUUID, now)
    await copyContentAttachments(tx, source.content_id, content.id, now)
    const detail = withCovers(ctx, await q.detailOf(tx, row))
    const { sections: _sections, ...page } = detail
    return {
      result: detail,
      siteId: row.site_id,
      entityId: row.id,
      after: page,
      metadata: { source_id: source.id, route, slug },
      events: eventsOf('created', page, false),
      readers: changedFor(page),
    }
  })
}

/** Scheduled pages for the scheduler (kits/content-workflow/scheduled-publish.ts): claim a due one, publish it. */
export const scheduledPages = scheduledSource(pageWorkflow)

/** Revert (audit module) goes through this update, so a revert gets the same rules, events and cache refresh. */
export const pageRevert: Revertable = {
  entity: pageEntity,
  hook: { body: UpdatePageBody, apply: (ctx, id, values) => update(ctx, id, values) },
}
