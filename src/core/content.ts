import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../db/client.js'
import { content, contentSites, type ContentRow, type ContentType } from '../db/schema/content.js'
import { conflict } from '../http/errors.js'
import { cloneSlugCandidates } from './slugs.js'

/*
 * Content items (blogs, pages) and the sites that carry them (decisions.md "Shared content"): the first of
 * site_ids owns the record, every listed site publishes it, and a slug is unique among the live records of
 * its type in each carrying site. Soft delete retires the carrier rows so the slug is free again.
 * Module-neutral: pages use the same helpers with content_type 'page'.
 */

export interface NewContent {
  type: ContentType
  /** Owning site first. */
  siteIds: string[]
  slug: string
  createdAt: Date
}

/** Literal, so the partial unique index on live slugs is provably usable. */
const live = sql`${contentSites.is_live}`

/** Carrying sites per content id, owning site first (then in site_ids order). */
export async function carriersOf(db: ReadDb, contentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (contentIds.length === 0) return out
  const rows = await db
    .select({ content_id: contentSites.content_id, site_id: contentSites.site_id })
    .from(contentSites)
    .where(inArray(contentSites.content_id, contentIds))
    .orderBy(asc(contentSites.content_id), asc(contentSites.position))
  for (const r of rows) {
    const list = out.get(r.content_id) ?? []
    list.push(r.site_id)
    out.set(r.content_id, list)
  }
  return out
}

/** Sites among siteIds where a live record of this type already uses the slug (exceptContentId: the record itself). */
export async function sitesUsingSlug(db: ReadDb, type: ContentType, siteIds: string[], slug: string, exceptContentId?: string): Promise<string[]> {
  if (siteIds.length === 0) return []
  const rows = await db
    .select({ site_id: contentSites.site_id, content_id: contentSites.content_id })
    .from(contentSites)
    .where(and(inArray(contentSites.site_id, siteIds), eq(contentSites.content_type, type), eq(contentSites.slug, slug), live))
  return rows.filter((r) => r.content_id !== exceptContentId).map((r) => r.site_id)
}

/** 409 CONFLICT when the slug is taken by another live record of the type in any of the sites. */
export async function assertSlugFree(db: ReadDb, type: ContentType, siteIds: string[], slug: string, exceptContentId?: string): Promise<void> {
  const taken = await sitesUsingSlug(db, type, siteIds, slug, exceptContentId)
  if (taken.length > 0) conflict(`The slug "${slug}" is already used by another ${type} in site ${taken.join(', ')}`)
}

/** Which of the candidate slugs live records of the type already use in any of the sites (clone suffix search). */
export async function slugsTaken(db: ReadDb, type: ContentType, siteIds: string[], candidates: string[]): Promise<Set<string>> {
  if (siteIds.length === 0 || candidates.length === 0) return new Set()
  const rows = await db
    .select({ slug: contentSites.slug })
    .from(contentSites)
    .where(and(inArray(contentSites.site_id, siteIds), eq(contentSites.content_type, type), live, inArray(contentSites.slug, candidates)))
  return new Set(rows.map((r) => r.slug))
}

/**
 * Characters of a base slug that every clone slug keeps (cloneSlug cuts the base only to fit a suffix of at most
 * "-copy-" plus a few digits into MAX_SLUG): bases that could share a clone slug share this prefix.
 */
const CLONE_LOCK_PREFIX = 180

/**
 * Serialises free-slug picks for one base slug per carrying site until the transaction ends: two clones of one
 * base in one site cannot both see "-copy-2" free. Sites in a fixed order, so two picks never wait on each other
 * crosswise. pg_advisory_xact_lock is released at commit or rollback; the next pick then sees the committed slug.
 */
async function lockCloneSlugs(tx: Tx, type: ContentType, siteIds: string[], base: string): Promise<void> {
  const prefix = base.slice(0, CLONE_LOCK_PREFIX)
  for (const siteId of [...new Set(siteIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:clone-slug:${type}:${siteId}:${prefix}`}, 0))`)
  }
}

/**
 * The first of "<slug>-copy", "<slug>-copy-2", … that no live record of the type uses in any of the sites. Takes
 * the clone-slug lock of each site first (held to the end of the transaction), so concurrent picks of one base
 * get distinct slugs on every database; create the record in the same transaction.
 */
export async function freeCloneSlug(tx: Tx, type: ContentType, siteIds: string[], slug: string): Promise<string> {
  await lockCloneSlugs(tx, type, siteIds, slug)
  const batch = 25
  for (let from = 1; ; from += batch) {
    const candidates = cloneSlugCandidates(slug, from, batch)
    const taken = await slugsTaken(tx, type, siteIds, candidates)
    const free = candidates.find((c) => !taken.has(c))
    if (free) return free
  }
}

/**
 * Creates the content item and one carrier row per site (owning site first). Checks the slug in every
 * carrying site first (409); a concurrent insert of the same slug still fails on the unique index (409).
 */
export async function createContent(tx: Tx, c: NewContent): Promise<ContentRow> {
  const owner = c.siteIds[0]
  if (owner === undefined) throw new Error('createContent needs at least one site')
  await assertSlugFree(tx, c.type, c.siteIds, c.slug)
  const [row] = await tx.insert(content).values({ site_id: owner, content_type: c.type, created_at: c.createdAt }).returning()
  const created = row as ContentRow
  await tx
    .insert(contentSites)
    .values(c.siteIds.map((siteId, position) => ({ content_id: created.id, site_id: siteId, content_type: c.type, slug: c.slug, position })))
  return created
}

/** Changes the slug in every carrying site (409 when another live record of the type uses it in one of them). */
export async function renameContent(tx: Tx, type: ContentType, contentId: string, slug: string): Promise<void> {
  const siteIds = (await carriersOf(tx, [contentId])).get(contentId) ?? []
  await assertSlugFree(tx, type, siteIds, slug, contentId)
  await tx.update(contentSites).set({ slug }).where(eq(contentSites.content_id, contentId))
}

/** Soft delete: the record leaves every carrying site's lists and its slug becomes free. */
export async function retireContent(tx: Tx, contentId: string): Promise<void> {
  await tx.update(contentSites).set({ is_live: false }).where(eq(contentSites.content_id, contentId))
}
