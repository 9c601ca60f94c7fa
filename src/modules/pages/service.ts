import { Type } from 'typebox'
import { satisfies } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import type { RecordScope } from '../../core/entities.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { PageRow } from '../../db/schema/pages.js'
import { notFound } from '../../http/errors.js'
import { Paginated, paginate, pageWindow } from '../../http/pagination.js'
import { pageEntity } from './entity.js'
import { lookupRoute } from './paths.rules.js'
import { withCovers } from './images.service.js'
import { presentImage } from '../media/present.service.js'
import * as q from './queries.js'
import { Page, PageDetail, PageListItem, PageSection, PageSectionLocalization, type ListPagesQuery } from './schemas.js'

/*
 * Page reads. The public reads (a site's page list, a page by route, a page's sections and all their
 * localizations) are cached (core/read-cache.ts) and refreshed by mutate() readers on every page, section,
 * section localization, bulk, review, clone and scheduler write: a site's list under its list version, a page's
 * answers under its record versions, `page:<id>` and, by route, `page:slug:<site>:<route>` (the route is a page's
 * lookup key, passed to readers as its slug).
 */

// Named apart from the list's earlier shape (without locales and cover_image), which a shared cache may still hold.
const listCache = jsonCache('page-list-items', Paginated(PageListItem))
const detailCache = jsonCache('page-detail', PageDetail, Page)
const sectionsCache = jsonCache('page-sections', Type.Array(PageSection))
const sectionLocsCache = jsonCache('page-section-locs', Type.Array(PageSectionLocalization))

/** One live page (access resolved by the route). 404 when unknown or deleted. */
export async function get(ctx: Ctx, id: string): Promise<Page> {
  return (await q.findPageWire(ctx.db, id)) ?? notFound(pageEntity)
}

/** Every live page the site carries, any status (optionally one), by route; cached per site list version. */
export async function list(ctx: Ctx, siteId: string, query: ListPagesQuery): Promise<RawJson> {
  return listCache.get(ctx, siteId, `${query.page}:${query.per_page}:${query.status ?? ''}`, async () => {
    const { limit, offset } = pageWindow(query)
    const { rows, total } = await q.sitePages(ctx.db, siteId, query.status, limit, offset)
    const [wire, extras] = await Promise.all([
      q.pagesWire(ctx.db, rows),
      q.listExtras(
        ctx.db,
        rows.map((r) => r.id),
      ),
    ])
    const items = wire.map((page): PageListItem => {
      const x = extras.get(page.id)
      return { ...page, locales: x?.locales ?? [], cover_image: presentImage(ctx, x?.cover_image ?? null) }
    })
    return { value: paginate(items, total, query), until: null }
  })
}

/** Live at `now`: Published and inside publish_start/publish_end (what a Read-level caller may see by route). */
export function isLive(row: Pick<PageRow, 'status' | 'publish_start' | 'publish_end'>, now: Date): boolean {
  const t = now.getTime()
  return (
    row.status === 'Published' &&
    (row.publish_start === null || row.publish_start.getTime() <= t) &&
    (row.publish_end === null || row.publish_end.getTime() > t)
  )
}

/**
 * The page with this route among the site's live pages, with its sections and their localizations. Public
 * lookup: Write and above on the site see any status (previews); Read-level callers only
 * a page live now, anything else is 404 for them. The two audiences are cached apart. 400 for a route no page can
 * have; 404 when none.
 */
export async function byRoute(ctx: Ctx, siteId: string, input: string): Promise<RawJson> {
  const route = lookupRoute(input)
  const preview = satisfies(ctx.principal, siteId, 'Write')
  return detailCache.get(ctx, { site: siteId, record: `page:slug:${siteId}:${route}` }, preview ? 'route' : 'live-route', async () => {
    const row = (await q.pageByRoute(ctx.db, siteId, route)) ?? notFound(pageEntity)
    if (!preview && !isLive(row, ctx.clock.now())) notFound(pageEntity)
    // A live answer stops being one when publish_end passes, without a write.
    return { value: withCovers(ctx, await q.detailOf(ctx.db, row)), until: preview ? null : row.publish_end }
  })
}

/**
 * The page as by-route answers it (PageDetail), by id and whatever its status or publish window: what a preview
 * token shows (README "Previews"). Cached under the page's record version, which every page, section and
 * section localization write bumps, so it is never older than the last committed save. 404 when gone.
 */
export async function previewDetail(ctx: Ctx, id: string, ownerSite: string): Promise<RawJson> {
  return detailCache.get(ctx, { site: ownerSite, record: `page:${id}` }, 'preview', async () => {
    const row = (await q.findPage(ctx.db, id)) ?? notFound(pageEntity)
    return { value: withCovers(ctx, await q.detailOf(ctx.db, row)), until: null }
  })
}

/** The owning site of a page: from the route's access check, else looked up (404 when gone). */
async function ownerOf(ctx: Ctx, id: string, scope: RecordScope | undefined): Promise<string> {
  return scope?.siteId ?? ((await q.findPage(ctx.db, id)) ?? notFound(pageEntity)).site_id
}

/** Sections of a page by display_order; cached under the page's record version. */
export async function sections(ctx: Ctx, pageId: string, scope?: RecordScope): Promise<RawJson> {
  return sectionsCache.get(ctx, { site: await ownerOf(ctx, pageId, scope), record: `page:${pageId}` }, 'sections', async () => {
    if (!(await q.findPage(ctx.db, pageId))) notFound(pageEntity)
    return { value: (await q.sectionsOf(ctx.db, pageId)).map(q.toSection), until: null }
  })
}

/** Every localization of every section of a page, in one query (sections in order, default locale first); cached like sections. */
export async function sectionLocalizations(ctx: Ctx, pageId: string, scope?: RecordScope): Promise<RawJson> {
  return sectionLocsCache.get(ctx, { site: await ownerOf(ctx, pageId, scope), record: `page:${pageId}` }, 'section-localizations', async () => {
    if (!(await q.findPage(ctx.db, pageId))) notFound(pageEntity)
    return { value: (await q.sectionLocalizationsOfPage(ctx.db, pageId)).map(q.toSectionLocalization), until: null }
  })
}
