import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { carriersOf } from '../../core/content.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { imageJson, type ImageRow } from '../../db/image-embed.js'
import { rowsOf } from '../../db/migrate.js'
import { contentSites } from '../../db/schema/content.js'
import { pageSectionLocalizations, pageSections, pages, type PageRow, type PageSectionLocalizationRow, type PageSectionRow } from '../../db/schema/pages.js'
import type { ContentStatus } from '../../db/schema/content.js'
import { locales } from '../../db/schema/sites.js'
import type { Page, PageDetail, PageSection, PageSectionLocalization } from './schemas.js'
import { tableRows } from '../../kits/rows/rules.js'

/*
 * Page queries. A page is found in a site through content_sites (content_sites_route_uq: one index lookup by
 * route); sections and their localizations of a page, or of a page list, are one query each.
 */

const livePage = isNull(pages.deleted_at)
const cs = contentSites

/** The wire form of a page row plus its carrying sites (owning site first). */
export function toPage(row: PageRow, siteIds: string[] | undefined): Page {
  return {
    id: row.id,
    content_id: row.content_id,
    site_id: row.site_id,
    site_ids: siteIds && siteIds.length > 0 ? siteIds : [row.site_id],
    route: row.route,
    slug: row.slug,
    page_type: row.page_type,
    template: row.template,
    is_in_navigation: row.is_in_navigation,
    navigation_order: row.navigation_order,
    parent_page_id: row.parent_page_id,
    status: row.status,
    published_at: row.published_at,
    publish_start: row.publish_start,
    publish_end: row.publish_end,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export const toSection = (r: PageSectionRow): PageSection => ({
  id: r.id,
  page_id: r.page_id,
  section_type: r.section_type,
  display_order: r.display_order,
  cover_image_id: r.cover_image_id,
  call_to_action_route: r.call_to_action_route,
  settings: r.settings,
  created_at: r.created_at,
  updated_at: r.updated_at,
})

export const toSectionLocalization = (r: PageSectionLocalizationRow): PageSectionLocalization => ({
  id: r.id,
  page_section_id: r.page_section_id,
  locale_id: r.locale_id,
  title: r.title,
  text: r.text,
  button_text: r.button_text,
  created_at: r.created_at,
  updated_at: r.updated_at,
})

/** A live (not soft-deleted) page row. */
export function findPage(db: ReadDb, id: string): Promise<PageRow | undefined> {
  return db.query.pages.findFirst({ where: and(eq(pages.id, id), livePage) })
}

export async function findPageWire(db: ReadDb, id: string): Promise<Page | undefined> {
  const row = await findPage(db, id)
  return row && toPage(row, (await carriersOf(db, [row.content_id])).get(row.content_id))
}

/** The live pages of these content items (those that are pages), one statement. */
export function livePagesOfContent(db: ReadDb, contentIds: readonly string[]): Promise<PageRow[]> {
  if (contentIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(pages)
    .where(and(inArray(pages.content_id, [...contentIds]), livePage))
}

/** The live page with this route among the pages the site carries (content_sites_route_uq). */
export async function pageByRoute(db: ReadDb, siteId: string, route: string): Promise<PageRow | undefined> {
  const [row] = await db
    .select({ page: pages })
    .from(cs)
    .innerJoin(pages, and(eq(pages.content_id, cs.content_id), livePage))
    .where(and(eq(cs.site_id, siteId), eq(cs.content_type, 'page'), eq(cs.route, route), sql`${cs.is_live}`))
    .limit(1)
  return row?.page
}

/** Live pages carried by the site (any status, optionally one), by route, with the total. */
export async function sitePages(
  db: ReadDb,
  siteId: string,
  status: ContentStatus | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: PageRow[]; total: number }> {
  const where = and(eq(cs.site_id, siteId), eq(cs.content_type, 'page'), sql`${cs.is_live}`, status ? eq(pages.status, status) : undefined)
  const [rows, [counted]] = await Promise.all([
    db
      .select({ page: pages })
      .from(cs)
      .innerJoin(pages, and(eq(pages.content_id, cs.content_id), livePage))
      .where(where)
      .orderBy(asc(cs.route), asc(pages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(cs)
      .innerJoin(pages, and(eq(pages.content_id, cs.content_id), livePage))
      .where(where),
  ])
  return { rows: rows.map((r) => r.page), total: counted?.total ?? 0 }
}

/** Pages with their site_ids, in the rows' order: one query for the carriers of all of them. */
export async function pagesWire(db: ReadDb, rows: PageRow[]): Promise<Page[]> {
  const carriers = await carriersOf(db, [...new Set(rows.map((r) => r.content_id))])
  return rows.map((r) => toPage(r, carriers.get(r.content_id)))
}

/** What a page list item adds to the page, its images still raw (the service finishes them). */
export interface PageListExtras {
  locales: string[]
  cover_image: ImageRow | null
}

/**
 * The list extras of these pages, by page id, in one statement whatever the number of pages: the codes of the
 * locales their sections are localized in (default first, then by code) and the cover of their first section that
 * names a live media record (the index on page_sections(page_id, display_order, created_at) walks the sections in order).
 */
export async function listExtras(db: ReadDb, pageIds: readonly string[]): Promise<Map<string, PageListExtras>> {
  const ids = [...new Set(pageIds)]
  if (ids.length === 0) return new Map()
  const result = await db.execute(sql`
    select x.id,
      (select json_agg(c.code order by c.is_default desc, c.code)
         from (select distinct lo.code, lo.is_default
                 from page_sections s
                 join page_section_localizations l on l.page_section_id = s.id
                 join locales lo on lo.id = l.locale_id
                where s.page_id = x.id) c)::text as locales,
      (select ${sql.raw(imageJson('s.cover_image_id'))}
         from page_sections s join media cover on cover.id = s.cover_image_id and cover.deleted_at is null
        where s.page_id = x.id
        order by s.display_order, s.created_at, s.id
        limit 1)::text as cover
    from (select unnest(string_to_array(${ids.join(',')}, ','))::uuid as id) x`)
  return new Map(
    rowsOf<{ id: string; locales: string | null; cover: string | null }>(result).map((r) => [
      r.id,
      { locales: r.locales ? (JSON.parse(r.locales) as string[]) : [], cover_image: r.cover ? (JSON.parse(r.cover) as ImageRow) : null },
    ]),
  )
}

// ---- sections ----

/** Sections of a page by display_order (then creation, id). */
export function sectionsOf(db: ReadDb, pageId: string): Promise<PageSectionRow[]> {
  return db
    .select()
    .from(pageSections)
    .where(eq(pageSections.page_id, pageId))
    .orderBy(asc(pageSections.display_order), asc(pageSections.created_at), asc(pageSections.id))
}

/** Every localization of every section of a page, in one query: sections in order, default locale first, then by code. */
export function sectionLocalizationsOfPage(db: ReadDb, pageId: string): Promise<PageSectionLocalizationRow[]> {
  return db
    .select({ loc: pageSectionLocalizations })
    .from(pageSectionLocalizations)
    .innerJoin(pageSections, eq(pageSections.id, pageSectionLocalizations.page_section_id))
    .innerJoin(locales, eq(locales.id, pageSectionLocalizations.locale_id))
    .where(eq(pageSections.page_id, pageId))
    .orderBy(asc(pageSections.display_order), asc(pageSections.created_at), asc(pageSections.id), desc(locales.is_default), asc(locales.code))
    .then((rows) => rows.map((r) => r.loc))
}

/** The live media records the page's sections name as covers, as embedded images (db/image-embed.ts), by id. */
async function sectionCovers(db: ReadDb, pageId: string): Promise<Map<string, ImageRow>> {
  const result = await db.execute(
    sql`select distinct ${sql.raw(imageJson('s.cover_image_id'))}::text as j from page_sections s where s.page_id = ${pageId} and s.cover_image_id is not null`,
  )
  const found = rowsOf<{ j: string | null }>(result).flatMap((r) => (r.j ? [JSON.parse(r.j) as ImageRow] : []))
  return new Map(found.map((img) => [img.id, img]))
}

/** A page detail as built here: its sections' cover images still raw (the service finishes them). */
export type PageDetailRow = Omit<PageDetail, 'sections'> & {
  sections: Array<Omit<PageDetail['sections'][number], 'cover_image'> & { cover_image: ImageRow | null }>
}

/** The page with its sections, their cover images and localizations: three queries after the page row (and its carriers). */
export async function detailOf(db: ReadDb, row: PageRow): Promise<PageDetailRow> {
  const [carriers, sections, locs, covers] = await Promise.all([
    carriersOf(db, [row.content_id]),
    sectionsOf(db, row.id),
    sectionLocalizationsOfPage(db, row.id),
    sectionCovers(db, row.id),
  ])
  const bySection = new Map<string, PageSectionLocalization[]>()
  for (const l of locs) bySection.set(l.page_section_id, [...(bySection.get(l.page_section_id) ?? []), toSectionLocalization(l)])
  return {
    ...toPage(row, carriers.get(row.content_id)),
    sections: sections.map((s) => ({
      ...toSection(s),
      cover_image: (s.cover_image_id ? covers.get(s.cover_image_id) : undefined) ?? null,
      localizations: bySection.get(s.id) ?? [],
    })),
  }
}

/** The default-locale title of the page's first section that has one (notifications name the page by it). */
export async function defaultTitle(db: ReadDb, page: PageRow): Promise<string | null> {
  const [row] = await db
    .select({ title: pageSectionLocalizations.title })
    .from(pageSectionLocalizations)
    .innerJoin(pageSections, eq(pageSections.id, pageSectionLocalizations.page_section_id))
    .innerJoin(locales, and(eq(locales.id, pageSectionLocalizations.locale_id), eq(locales.site_id, page.site_id), sql`${locales.is_default}`))
    .where(and(eq(pageSections.page_id, page.id), sql`coalesce(${pageSectionLocalizations.title}, '') <> ''`))
    .orderBy(asc(pageSections.display_order), asc(pageSections.created_at), asc(pageSections.id))
    .limit(1)
  return row?.title ?? null
}

// ---- writes ----

const pageRows = tableRows(pages, livePage)
export const insertPage = pageRows.insert
/** The live page, locked for the rest of the transaction. */
export const lockPage = pageRows.lock
export const updatePage = pageRows.update

/** Ids of the page's ancestors (parent, its parent, …), nearest first; stops at a cycle or a deleted page. */
export async function ancestorIds(db: ReadDb, pageId: string): Promise<string[]> {
  const res = await db.execute(sql`
    with recursive up(id, parent, depth) as (
      select p.id, p.parent_page_id, 0 from pages p where p.id = ${pageId} and p.deleted_at is null
      union
      select p.id, p.parent_page_id, up.depth + 1 from pages p join up on p.id = up.parent
      where p.deleted_at is null and up.depth < 1000
    )
    select id::text as id from up where depth > 0 order by depth`)
  return rowsOf<{ id: string }>(res).map((r) => r.id)
}

/** Live children of a page: they become top-level pages when it is deleted. */
export async function detachChildren(tx: Tx, parentId: string, now: Date): Promise<PageRow[]> {
  return tx
    .update(pages)
    .set({ parent_page_id: null, updated_at: now })
    .where(and(eq(pages.parent_page_id, parentId), livePage))
    .returning()
}

/** Copies the sections of a page, with their localizations, onto another page (clone). */
export async function copySections(tx: Tx, fromPageId: string, toPageId: string, newId: () => string, at: Date): Promise<void> {
  const sections = await sectionsOf(tx, fromPageId)
  if (sections.length === 0) return
  const ids = new Map(sections.map((s) => [s.id, newId()]))
  await tx
    .insert(pageSections)
    .values(sections.map(({ id, page_id: _p, ...s }) => ({ ...s, id: ids.get(id) as string, page_id: toPageId, created_at: at, updated_at: at })))
  const locs = await tx
    .select()
    .from(pageSectionLocalizations)
    .where(inArray(pageSectionLocalizations.page_section_id, [...ids.keys()]))
  if (locs.length === 0) return
  await tx
    .insert(pageSectionLocalizations)
    .values(locs.map(({ id: _i, page_section_id, ...l }) => ({ ...l, page_section_id: ids.get(page_section_id) as string, created_at: at, updated_at: at })))
}
