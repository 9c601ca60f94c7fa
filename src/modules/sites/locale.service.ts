import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { mutate } from '../../core/mutation.js'
import type { LocaleRow } from '../../db/schema/sites.js'
import { invalidState, notFound, validation } from '../../http/errors.js'
import { canonicalLocale, checkTimezone, localeDisplayName } from './locale-codes.rules.js'
import { checkFeedPath, checkPostPath, checkPreviewUrl } from './links.rules.js'
import * as q from './queries.js'
import { siteEntity } from './entity.js'
import type { LocaleInput, SiteSettings, UpdateLocaleBody, UpdateSettingsBody } from './schemas.js'

/** Locales and settings are written, never addressed by id in a path of their own. */
export const localeEntity = defineEntity({ name: 'locale' })
export const siteSettingsEntity = defineEntity({ name: 'site_settings', label: 'site settings' })

/** Serialises locale changes of one site; 404 when it was deleted meanwhile. */
async function lockLiveSite(tx: Parameters<typeof q.lockSite>[0], siteId: string) {
  return (await q.lockSite(tx, siteId)) ?? notFound(siteEntity)
}

/** Locales of a site: the default first, then oldest first. */
export function list(ctx: Ctx, siteId: string): Promise<LocaleRow[]> {
  return q.listLocales(ctx.db, siteId)
}

/** Adds a locale; the first locale of a site, or one marked is_default, becomes the default. 409 for a duplicate code. */
export async function create(ctx: Ctx, siteId: string, body: LocaleInput): Promise<LocaleRow> {
  const code = canonicalLocale(body.code)
  const out = await mutate(ctx, { entity: localeEntity, action: 'Create' }, async (tx) => {
    await lockLiveSite(tx, siteId)
    const existing = await q.listLocales(tx, siteId)
    const isDefault = body.is_default === true || existing.length === 0
    if (isDefault) await q.clearDefaultLocale(tx, siteId)
    const [row] = await q.insertLocales(tx, [
      { site_id: siteId, code, name: body.name?.trim() || localeDisplayName(code), is_default: isDefault, created_at: ctx.clock.now() },
    ])
    const created = row as LocaleRow
    return { result: created, siteId, entityId: created.id, metadata: { code }, readers: { sites: await q.sitesShowingContentOf(tx, siteId) } }
  })
  return out
}

/** Renames, recodes or makes a locale the default (the old default is cleared in the same transaction); 404 for another site's locale, 409 for a code in use or for un-defaulting the default. */
export async function update(ctx: Ctx, siteId: string, localeId: string, body: UpdateLocaleBody): Promise<LocaleRow> {
  const code = body.code === undefined ? undefined : canonicalLocale(body.code)
  const out = await mutate(ctx, { entity: localeEntity, action: 'Update' }, async (tx) => {
    await lockLiveSite(tx, siteId)
    const before = (await q.lockLocale(tx, siteId, localeId)) ?? notFound(localeEntity)
    if (body.is_default === false && before.is_default) invalidState('A site keeps one default locale: make another locale the default instead')
    if (body.is_default === true && !before.is_default) await q.clearDefaultLocale(tx, siteId)
    const after = await q.updateLocale(tx, localeId, {
      ...(code !== undefined ? { code } : {}),
      ...(body.name !== undefined ? { name: body.name.trim() || localeDisplayName(code ?? before.code) } : {}),
      ...(body.is_default !== undefined ? { is_default: body.is_default } : {}),
    })
    return { result: after, siteId, entityId: localeId, before, after, readers: { sites: await q.sitesShowingContentOf(tx, siteId) } }
  })
  return out
}

/** Removes a locale; the default locale cannot be removed while it is the default (409 INVALID_STATE). */
export async function remove(ctx: Ctx, siteId: string, localeId: string): Promise<void> {
  await mutate(ctx, { entity: localeEntity, action: 'Delete' }, async (tx) => {
    await lockLiveSite(tx, siteId)
    const before = (await q.lockLocale(tx, siteId, localeId)) ?? notFound(localeEntity)
    if (before.is_default) invalidState('The default locale cannot be deleted; make another locale the default first')
    await q.deleteLocale(tx, localeId)
    return {
      result: undefined,
      siteId,
      entityId: localeId,
      current: before,
      metadata: { code: before.code },
      readers: { sites: await q.sitesShowingContentOf(tx, siteId) },
    }
  })
}

async function readSettings(ctx: Ctx, siteId: string): Promise<SiteSettings> {
  const site = (await q.findSite(ctx.db, siteId)) ?? notFound(siteEntity)
  const locs = await q.listLocales(ctx.db, siteId)
  return settingsOf(site, locs)
}

function settingsOf(site: Awaited<ReturnType<typeof q.findSite>> & object, locs: LocaleRow[]): SiteSettings {
  return {
    ai_enabled: site.ai_enabled,
    analytics_enabled: site.analytics_enabled,
    editorial_workflow_enabled: site.editorial_workflow_enabled,
    max_upload_bytes: site.max_upload_bytes,
    timezone: site.timezone,
    default_locale_id: locs.find((l) => l.is_default)?.id ?? null,
    post_path: site.post_path,
    feed_path: site.feed_path,
    preview_url: site.preview_url,
  }
}

/** Site settings. */
export function getSettings(ctx: Ctx, siteId: string): Promise<SiteSettings> {
  return readSettings(ctx, siteId)
}

/**
 * Partial settings update: 400 for no field, an unknown time zone, a default_locale_id that is not a locale of this
 * site, a post_path without a leading / or {slug}, a feed_path that is not an absolute path, or a preview_url that is not
 * an absolute http(s) URL containing {token}. Lists and the feed of the site (and of sites showing its content) refresh.
 */
export async function updateSettings(ctx: Ctx, siteId: string, body: UpdateSettingsBody): Promise<SiteSettings> {
  const { default_locale_id, ...columns } = body
  if (columns.timezone !== undefined) columns.timezone = checkTimezone(columns.timezone)
  if (columns.post_path !== undefined) columns.post_path = checkPostPath(columns.post_path)
  if (columns.feed_path !== undefined) columns.feed_path = checkFeedPath(columns.feed_path)
  if (columns.preview_url !== undefined) columns.preview_url = checkPreviewUrl(columns.preview_url)
  const out = await mutate(ctx, { entity: siteSettingsEntity, action: 'Update' }, async (tx) => {
    const site = (await q.lockSite(tx, siteId)) ?? notFound(siteEntity)
    const locsBefore = await q.listLocales(tx, siteId)
    const before = settingsOf(site, locsBefore)
    if (default_locale_id !== undefined && default_locale_id !== before.default_locale_id) {
      if (!locsBefore.some((l) => l.id === default_locale_id)) {
        validation('default_locale_id', 'is not a locale of this site')
      }
      await q.clearDefaultLocale(tx, siteId)
      await q.updateLocale(tx, default_locale_id, { is_default: true })
    }
    const updated = Object.keys(columns).length > 0 ? await q.updateSite(tx, siteId, { ...columns, updated_at: ctx.clock.now() }) : site
    const after = settingsOf(updated, await q.listLocales(tx, siteId))
    return { result: after, siteId, entityId: siteId, before, after, label: updated.name, readers: { sites: await q.sitesShowingContentOf(tx, siteId) } }
  })
  return out
}
