import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { content, contentSites } from '../../db/schema/content.js'
import { siteMembers } from '../../db/schema/members.js'
import { locales, sites, type LocaleRow, type SiteRow } from '../../db/schema/sites.js'
import { tableRows } from '../../kits/rows/rules.js'

const live = isNull(sites.deleted_at)

export function findSite(db: ReadDb, id: string): Promise<SiteRow | undefined> {
  return db.query.sites.findFirst({ where: and(eq(sites.id, id), live) })
}

export function findSiteBySlug(db: ReadDb, slug: string): Promise<SiteRow | undefined> {
  return db.query.sites.findFirst({ where: and(eq(sites.slug, slug), live) })
}

/** Live sites, all of them (undefined) or only the given ids. */
export function listSites(db: ReadDb, ids?: string[]): Promise<SiteRow[]> {
  if (ids && ids.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(sites)
    .where(and(live, ids ? inArray(sites.id, ids) : undefined))
    .orderBy(asc(sites.name), asc(sites.id))
}

const siteRows = tableRows(sites, live)
export const insertSite = siteRows.insert
export const lockSite = siteRows.lock
export const updateSite = siteRows.update

/** A site's locales: the default first, then oldest first (locales created together: by code). */
export function listLocales(db: ReadDb, siteId: string): Promise<LocaleRow[]> {
  return db.select().from(locales).where(eq(locales.site_id, siteId)).orderBy(desc(locales.is_default), asc(locales.created_at), asc(locales.code))
}

export function findLocale(db: ReadDb, siteId: string, id: string): Promise<LocaleRow | undefined> {
  return db.query.locales.findFirst({ where: and(eq(locales.site_id, siteId), eq(locales.id, id)) })
}

/** The site's locale, locked until the transaction ends: the row an update or delete checks If-Match against. */
export async function lockLocale(tx: Tx, siteId: string, id: string): Promise<LocaleRow | undefined> {
  const [row] = await tx
    .select()
    .from(locales)
    .where(and(eq(locales.site_id, siteId), eq(locales.id, id)))
    .for('update')
  return row
}

export async function insertLocales(tx: Tx, values: Array<typeof locales.$inferInsert>): Promise<LocaleRow[]> {
  if (values.length === 0) return []
  return tx.insert(locales).values(values).returning()
}

export async function updateLocale(tx: Tx, id: string, patch: Partial<typeof locales.$inferInsert>): Promise<LocaleRow> {
  const [row] = await tx.update(locales).set(patch).where(eq(locales.id, id)).returning()
  return row as LocaleRow
}

/** Clears the default flag on every locale of the site (before another becomes default). */
export async function clearDefaultLocale(tx: Tx, siteId: string): Promise<void> {
  await tx
    .update(locales)
    .set({ is_default: false })
    .where(and(eq(locales.site_id, siteId), eq(locales.is_default, true)))
}

export async function deleteLocale(tx: Tx, id: string): Promise<void> {
  await tx.delete(locales).where(eq(locales.id, id))
}

/** The identity-provider user who created a site becomes its Owner. */
export async function insertOwner(tx: Tx, values: { site_id: string; user_id: string; idp_user_id: string; now: Date }): Promise<void> {
  const { now, ...rest } = values
  await tx.insert(siteMembers).values({ ...rest, role: 'Owner', created_at: now, updated_at: now })
}

/**
 * A deleted site's content leaves every site carrying it (gone for everyone, as a deleted record is): its
 * carrier rows are retired, so carrying sites' lists and slug lookups, which read content_sites, no longer see it.
 */
export async function retireOwnedContent(tx: Tx, siteId: string): Promise<void> {
  await tx
    .update(contentSites)
    .set({ is_live: false })
    .where(and(sql`${contentSites.is_live}`, inArray(contentSites.content_id, tx.select({ id: content.id }).from(content).where(eq(content.site_id, siteId)))))
}

/** The site and every other site carrying content it owns: what a change to its locales shows up in. */
export async function sitesShowingContentOf(db: ReadDb, siteId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ site_id: contentSites.site_id })
    .from(contentSites)
    .innerJoin(content, eq(content.id, contentSites.content_id))
    .where(eq(content.site_id, siteId))
  return [siteId, ...rows.map((r) => r.site_id).filter((s) => s !== siteId)]
}

/** Every live site's preview_url template (sites_preview_url_idx): the admin's CSP frames their origins. */
export async function previewUrls(db: ReadDb): Promise<string[]> {
  const rows = await db
    .selectDistinct({ url: sites.preview_url })
    .from(sites)
    .where(and(live, isNotNull(sites.preview_url)))
  return rows.map((r) => r.url).filter((u): u is string => u !== null)
}
