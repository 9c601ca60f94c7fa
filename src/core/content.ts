import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../db/client.js'
import { content, contentSites, type ContentRow, type ContentType } from '../db/schema/content.js'
import { contentDocuments, documents } from '../db/schema/documents.js'
import { contentCategories, contentTags } from '../db/schema/taxonomy.js'
import { conflict } from '../http/errors.js'
import { cloneRouteCandidates, cloneSlugCandidates, slugCandidates } from './slugs.js'

/*
 * Content items (blogs, pages) and the sites that carry them: the first of
 * site_ids owns the record, every listed site publishes it, and a slug is unique among the live records of
 * its type in each carrying site. Soft delete retires the carrier rows so the slug is free again.
 * Module-neutral: pages use the same helpers with content_type 'page'. A routed item (a page) also has a
 * route per carrying site (content_sites.route), unique among the live items of its type there, like the slug.
 */

export interface NewContent {
  type: ContentType
  /** Owning site first. */
  siteIds: string[]
  slug: string
  /** Routed items (pages): the route, unique per carrying site like the slug. */
  route?: string
  createdAt: Date
}

/** The per-site unique keys of a content item: its slug, and the route of routed items. */
export type ContentKey = 'slug' | 'route'
const keyColumn = (key: ContentKey) => (key === 'slug' ? contentSites.slug : contentSites.route)

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

/** Sites among siteIds where a live record of this type already uses the key's value (exceptContentId: the record itself). */
export async function sitesUsing(
  db: ReadDb,
  type: ContentType,
  key: ContentKey,
  siteIds: string[],
  value: string,
  exceptContentId?: string,
): Promise<string[]> {
  if (siteIds.length === 0) return []
  const rows = await db
    .select({ site_id: contentSites.site_id, content_id: contentSites.content_id })
    .from(contentSites)
    .where(and(inArray(contentSites.site_id, siteIds), eq(contentSites.content_type, type), eq(keyColumn(key), value), live))
  return rows.filter((r) => r.content_id !== exceptContentId).map((r) => r.site_id)
}

/** Sites among siteIds where a live record of this type already uses the slug (exceptContentId: the record itself). */
export function sitesUsingSlug(db: ReadDb, type: ContentType, siteIds: string[], slug: string, exceptContentId?: string): Promise<string[]> {
  return sitesUsing(db, type, 'slug', siteIds, slug, exceptContentId)
}

/** 409 CONFLICT when the key's value is taken by another live record of the type in any of the sites. */
export async function assertKeyFree(db: ReadDb, type: ContentType, key: ContentKey, siteIds: string[], value: string, exceptContentId?: string): Promise<void> {
  const taken = await sitesUsing(db, type, key, siteIds, value, exceptContentId)
  if (taken.length > 0) conflict(`The ${key} "${value}" is already used by another ${type} in site ${taken.join(', ')}`)
}

/** 409 CONFLICT when the slug is taken by another live record of the type in any of the sites. */
export function assertSlugFree(db: ReadDb, type: ContentType, siteIds: string[], slug: string, exceptContentId?: string): Promise<void> {
  return assertKeyFree(db, type, 'slug', siteIds, slug, exceptContentId)
}

/** Which of the candidate values of the key live records of the type already use in any of the sites (clone suffix search). */
export async function keysTaken(db: ReadDb, type: ContentType, key: ContentKey, siteIds: string[], candidates: string[]): Promise<Set<string>> {
  if (siteIds.length === 0 || candidates.length === 0) return new Set()
  const col = keyColumn(key)
  const rows = await db
    .select({ value: col })
    .from(contentSites)
    .where(and(inArray(contentSites.site_id, siteIds), eq(contentSites.content_type, type), live, inArray(col, candidates)))
  return new Set(rows.map((r) => r.value).filter((v): v is string => v !== null))
}

/** Which of the candidate slugs live records of the type already use in any of the sites (clone suffix search). */
export function slugsTaken(db: ReadDb, type: ContentType, siteIds: string[], candidates: string[]): Promise<Set<string>> {
  return keysTaken(db, type, 'slug', siteIds, candidates)
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
async function lockCloneKeys(tx: Tx, type: ContentType, key: ContentKey, siteIds: string[], base: string): Promise<void> {
  const prefix = base.slice(0, CLONE_LOCK_PREFIX)
  for (const siteId of [...new Set(siteIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:clone-${key}:${type}:${siteId}:${prefix}`}, 0))`)
  }
}

/** The first free candidate of the key (candidates(from, count): the n-th clone values), under the clone lock. */
async function freeCloneKey(
  tx: Tx,
  type: ContentType,
  key: ContentKey,
  siteIds: string[],
  base: string,
  candidatesOf: (from: number, count: number) => string[],
): Promise<string> {
  await lockCloneKeys(tx, type, key, siteIds, base)
  const batch = 25
  for (let from = 1; ; from += batch) {
    const candidates = candidatesOf(from, batch)
    const taken = await keysTaken(tx, type, key, siteIds, candidates)
    const free = candidates.find((c) => !taken.has(c))
    if (free) return free
  }
}

/**
 * The first of "<slug>-copy", "<slug>-copy-2", … that no live record of the type uses in any of the sites. Takes
 * the clone-slug lock of each site first (held to the end of the transaction), so concurrent picks of one base
 * get distinct slugs on every database; create the record in the same transaction.
 */
export function freeCloneSlug(tx: Tx, type: ContentType, siteIds: string[], slug: string): Promise<string> {
  return freeCloneKey(tx, type, 'slug', siteIds, slug, (from, count) => cloneSlugCandidates(slug, from, count))
}

/**
 * A generated slug (slugs.ts generatedSlug) made free in every carrying site: base, else "<base>-2", "-3", … Under the
 * same lock as clone picks (both search suffixes of one base), so concurrent creates of one title get distinct slugs.
 */
export function freeGeneratedSlug(tx: Tx, type: ContentType, siteIds: string[], base: string): Promise<string> {
  return freeCloneKey(tx, type, 'slug', siteIds, base, (from, count) => slugCandidates(base, from, count))
}

/** Like freeCloneSlug for the route of a routed item: "<route>-copy", "<route>-copy-2", … ("/" gives "/copy", …). */
export function freeCloneRoute(tx: Tx, type: ContentType, siteIds: string[], route: string): Promise<string> {
  return freeCloneKey(tx, type, 'route', siteIds, route, (from, count) => cloneRouteCandidates(route, from, count))
}

/**
 * Creates the content item and one carrier row per site (owning site first). Checks the slug in every
 * carrying site first (409); a concurrent insert of the same slug still fails on the unique index (409).
 */
export async function createContent(tx: Tx, c: NewContent): Promise<ContentRow> {
  const owner = c.siteIds[0]
  if (owner === undefined) throw new Error('createContent needs at least one site')
  await assertSlugFree(tx, c.type, c.siteIds, c.slug)
  if (c.route !== undefined) await assertKeyFree(tx, c.type, 'route', c.siteIds, c.route)
  const [row] = await tx.insert(content).values({ site_id: owner, content_type: c.type, created_at: c.createdAt }).returning()
  const created = row as ContentRow
  await tx
    .insert(contentSites)
    .values(
      c.siteIds.map((siteId, position) => ({ content_id: created.id, site_id: siteId, content_type: c.type, slug: c.slug, route: c.route ?? null, position })),
    )
  return created
}

/** Changes the slug in every carrying site (409 when another live record of the type uses it in one of them). */
export async function renameContent(tx: Tx, type: ContentType, contentId: string, slug: string): Promise<void> {
  const siteIds = (await carriersOf(tx, [contentId])).get(contentId) ?? []
  await assertSlugFree(tx, type, siteIds, slug, contentId)
  await tx.update(contentSites).set({ slug }).where(eq(contentSites.content_id, contentId))
}

/** Changes the route of a routed item in every carrying site (409 when another live record of the type uses it in one of them). */
export async function rerouteContent(tx: Tx, type: ContentType, contentId: string, route: string): Promise<void> {
  const siteIds = (await carriersOf(tx, [contentId])).get(contentId) ?? []
  await assertKeyFree(tx, type, 'route', siteIds, route, contentId)
  await tx.update(contentSites).set({ route }).where(eq(contentSites.content_id, contentId))
}

/** Soft delete: the record leaves every carrying site's lists and its slug becomes free. */
export async function retireContent(tx: Tx, contentId: string): Promise<void> {
  await tx.update(contentSites).set({ is_live: false }).where(eq(contentSites.content_id, contentId))
}

/**
 * Copies what hangs off a content item to another (clone): tag and category assignments and document attachments.
 * Every kind of attachment keyed by content_id adds its copy here, so each kind's clone gets it.
 */
export async function copyContentAttachments(tx: Tx, fromContentId: string, toContentId: string, at: Date): Promise<void> {
  const [tagLinks, catLinks] = [
    await tx.select().from(contentTags).where(eq(contentTags.content_id, fromContentId)),
    await tx.select().from(contentCategories).where(eq(contentCategories.content_id, fromContentId)),
  ]
  if (tagLinks.length > 0) await tx.insert(contentTags).values(tagLinks.map((l) => ({ content_id: toContentId, tag_id: l.tag_id, created_at: at })))
  if (catLinks.length > 0) {
    await tx
      .insert(contentCategories)
      .values(catLinks.map((l) => ({ content_id: toContentId, category_id: l.category_id, is_primary: l.is_primary, created_at: at })))
  }
  // Attachments of live documents only: a deleted document's link is not carried over.
  const docLinks = await tx
    .select({ document_id: contentDocuments.document_id, display_order: contentDocuments.display_order })
    .from(contentDocuments)
    .innerJoin(documents, and(eq(documents.id, contentDocuments.document_id), isNull(documents.deleted_at)))
    .where(eq(contentDocuments.content_id, fromContentId))
  if (docLinks.length > 0) {
    await tx
      .insert(contentDocuments)
      .values(docLinks.map((l) => ({ content_id: toContentId, document_id: l.document_id, display_order: l.display_order, created_at: at })))
  }
}
