import type { Revertable } from '../../core/entities.js'
import type { Ctx, Deps } from '../../core/context.js'
import { requireSite, visibleSiteIds } from '../../core/access.js'
import { mutate } from '../../core/mutation.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { SiteRow } from '../../db/schema/sites.js'
import type { ReadDb } from '../../db/client.js'
import { conflict, notFound, validation } from '../../http/errors.js'
import { canonicalLocale, localeDisplayName } from './locale-codes.rules.js'
import { checkHttpUrl } from './links.rules.js'
import { siteEntity } from './entity.js'
import * as q from './queries.js'
import { Site, type CreateSiteBody, type LocaleInput, UpdateSiteBody } from './schemas.js'

/** Public fields only: settings have their own endpoint. */
export function present(row: SiteRow): Site {
  const { id, name, slug, description, url, favicon_url, is_active, created_at, updated_at } = row
  return { id, name, slug, description, url, favicon_url, is_active, created_at, updated_at }
}

/** Sites the caller can see: its key's site, its memberships, or all for unscoped callers. */
export async function list(ctx: Ctx): Promise<Site[]> {
  return (await q.listSites(ctx.db, visibleSiteIds(ctx.principal))).map(present)
}

const siteCache = jsonCache('site', Site, Site)

/**
 * One live site (access checked by the route), cached like the public reads: frontends ask it on every page
 * they render. Every change the site shows bumps its version (update, locales, settings, deletion).
 */
export function get(ctx: Ctx, id: string): Promise<RawJson> {
  return siteCache.get(ctx, { site: id, record: `site:${id}` }, 'id', async () => ({
    value: present((await q.findSite(ctx.db, id)) ?? notFound(siteEntity)),
    until: null,
  }))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The live site named by id or slug (export and the CLI take either); 404 (a clear "site not found") otherwise. */
export async function siteByRef(db: ReadDb, ref: string): Promise<SiteRow> {
  const row = UUID.test(ref) ? await q.findSite(db, ref.toLowerCase()) : await q.findSiteBySlug(db, ref)
  return row ?? notFound(siteEntity)
}

/** Whether a live site has this slug (an import checks before it creates its site). */
export const slugTaken = async (db: ReadDb, slug: string): Promise<boolean> => (await q.findSiteBySlug(db, slug)) !== undefined

/** A live site by slug; Read on it is required, and unknown, deleted and out-of-scope sites are one 404. */
export async function getBySlug(ctx: Ctx, slug: string): Promise<Site> {
  const row = (await q.findSiteBySlug(ctx.db, slug)) ?? notFound(siteEntity)
  await requireSite(ctx, row.id, 'Read')
  return present(row)
}

/** Normalises a locale list: canonical codes, no duplicates, exactly one default (the first unless one says so). */
export function normaliseLocales(input: LocaleInput[]): Array<{ code: string; name: string; is_default: boolean }> {
  const seen = new Set<string>()
  const out = input.map((l, i) => {
    const code = canonicalLocale(l.code, `locales.${i}.code`)
    if (seen.has(code)) validation(`locales.${i}.code`, `duplicate locale ${code}`)
    seen.add(code)
    return { code, name: l.name?.trim() || localeDisplayName(code), is_default: l.is_default === true }
  })
  const defaults = out.filter((l) => l.is_default).length
  if (defaults > 1) validation('locales', 'only one locale can be the default')
  if (defaults === 0 && out[0]) out[0].is_default = true
  return out
}

export type CreateSiteInput = CreateSiteBody

/** Creates a site and, in the same transaction, its locales (and, for a JWT creator, its Owner membership). 409 when the slug is taken. */
export async function create(ctx: Ctx, body: CreateSiteBody) {
  const locs = normaliseLocales(body.locales ?? [])
  const url = checkHttpUrl(body.url ?? null, 'url')
  const faviconUrl = checkHttpUrl(body.favicon_url ?? null, 'favicon_url')
  const now = ctx.clock.now()
  return mutate(ctx, { entity: siteEntity, action: 'Create' }, async (tx) => {
    if (await q.findSiteBySlug(tx, body.slug)) conflict(`A site with slug "${body.slug}" already exists`)
    const row = await q.insertSite(tx, {
      name: body.name,
      slug: body.slug,
      description: body.description ?? null,
      url,
      favicon_url: faviconUrl,
      is_active: body.is_active ?? true,
      created_at: now,
      updated_at: now,
    })
    const created = await q.insertLocales(
      tx,
      locs.map((l) => ({ ...l, site_id: row.id, created_at: now })),
    )
    const p = ctx.principal
    if (p.kind === 'user') await q.insertOwner(tx, { site_id: row.id, user_id: p.userId, idp_user_id: p.idpUserId, now })
    const site = present(row)
    return {
      result: { ...site, locales: created },
      siteId: row.id,
      entityId: row.id,
      metadata: { name: row.name, slug: row.slug, locales: locs.map((l) => l.code) },
      events: [{ type: 'site.created', siteId: row.id, data: site }],
    }
  })
}

/**
 * Partial update of name, slug, description, url, favicon_url, is_active (null clears description and the URLs): 400 for
 * no field or a URL that is not absolute http(s), 404 unknown/deleted, 409 when the new slug is taken.
 */
export async function update(ctx: Ctx, id: string, body: UpdateSiteBody): Promise<Site> {
  if (body.url !== undefined) checkHttpUrl(body.url, 'url')
  if (body.favicon_url !== undefined) checkHttpUrl(body.favicon_url, 'favicon_url')
  const out = await mutate(ctx, { entity: siteEntity, action: 'Update' }, async (tx) => {
    const before = (await q.lockSite(tx, id)) ?? notFound(siteEntity)
    if (body.slug !== undefined && body.slug !== before.slug && (await q.findSiteBySlug(tx, body.slug))) {
      conflict(`A site with slug "${body.slug}" already exists`)
    }
    const after = await q.updateSite(tx, id, { ...body, updated_at: ctx.clock.now() })
    const site = present(after)
    return {
      result: site,
      siteId: id,
      entityId: id,
      before: present(before),
      after: site,
      events: [{ type: 'site.updated', siteId: id, data: site }],
      readers: { sites: [id] },
    }
  })
  return out
}

/** Soft delete: the site and everything in it answer 404 from now on; its slug becomes free. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: siteEntity, action: 'Delete' }, async (tx) => {
    const before = (await q.lockSite(tx, id)) ?? notFound(siteEntity)
    const now = ctx.clock.now()
    await q.updateSite(tx, id, { deleted_at: now, updated_at: now })
    const showing = await q.sitesShowingContentOf(tx, id)
    await q.retireOwnedContent(tx, id)
    return {
      result: undefined,
      siteId: id,
      entityId: id,
      current: present(before),
      metadata: { name: before.name, slug: before.slug },
      events: [{ type: 'site.deleted', siteId: id, data: { id, slug: before.slug } }],
      // Shared records it owns leave every carrying site too: their cached lists and lookups are refreshed.
      readers: { sites: showing },
    }
  })
}

/** Revert (audit module) goes through this update, so a revert gets the same rules, events and cache refresh. */
export const siteRevert: Revertable = { entity: siteEntity, hook: { body: UpdateSiteBody, apply: (ctx, id, values) => update(ctx, id, values) } }

/** The preview_url templates of every live site (the admin page's CSP frames their origins: README, "Previews"). */
export function previewUrls(deps: Deps): Promise<string[]> {
  return q.previewUrls(deps.dbh.db)
}
