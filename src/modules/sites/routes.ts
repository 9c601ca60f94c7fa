import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site, unscoped, anyAuth } from '../../http/access.js'
import { NoContent, SiteParams } from '../../http/schemas.js'
import { sendRaw } from '../../http/raw.js'
import {
  CreateSiteBody,
  Locale,
  LocaleInput,
  LocaleParams,
  Site,
  SiteIdParams,
  SiteSettings,
  SiteWithLocales,
  SlugParams,
  UpdateLocaleBody,
  UpdateSettingsBody,
  UpdateSiteBody,
} from './schemas.js'
import * as locales from './locale.service.js'
import * as sites from './service.js'

const route = operations('Sites', {
  listSites: 'List the sites you can read',
  createSite: ['Create a site', 'Creates a site with optional locales (the first is default unless one says so).'],
  getSiteBySlug: 'Get a site by slug',
  getSite: 'Get a site',
  updateSite: ['Update a site', 'Partial update; a body with no known field is 400. A slug in use is 409.'],
  deleteSite: ['Delete a site', 'Soft delete (API keys need Master). The site and its content answer 404 afterwards; its slug is free again.'],
  listSiteLocales: ['List the locales of a site', 'The default locale first, then oldest first.'],
  createSiteLocale: 'Add a locale to a site',
  updateSiteLocale: [
    'Update a locale of a site',
    'is_default true moves the default here; is_default false on the default is 409 INVALID_STATE (make another locale the default instead).',
  ],
  deleteSiteLocale: ['Delete a locale of a site', 'The default locale cannot be deleted (409 INVALID_STATE).'],
  getSiteSettings: 'Get the settings of a site',
  updateSiteSettings: [
    'Update the settings of a site',
    'Partial update. timezone: an IANA name, stored as the runtime spells it. default_locale_id: a locale of this site (else 400); it becomes the default locale.',
  ],
})

export const siteRoutes: AppPlugin = async (app, opts) => {
  app.get(
    '/sites',
    // Read: any authenticated caller; the list itself is limited to what the caller can see.
    route('listSites', { access: anyAuth, response: { 200: Type.Array(Site) } }),
    (req) => sites.list(req.ctx),
  )

  app.post('/sites', route('createSite', { access: unscoped('Admin', 'any'), body: CreateSiteBody, response: { 201: SiteWithLocales } }), async (req, reply) =>
    reply.code(201).send(await sites.create(req.ctx, req.body)),
  )

  app.get('/sites/by-slug/:slug', route('getSiteBySlug', { access: anyAuth, params: SlugParams, response: { 200: Site } }), (req) =>
    sites.getBySlug(req.ctx, req.params.slug),
  )

  app.get('/sites/:id', route('getSite', { access: site('Read', 'id'), params: SiteIdParams, response: { 200: Site } }), async (req, reply) =>
    sendRaw(reply, await sites.get(req.ctx, req.params.id)),
  )

  app.put('/sites/:id', route('updateSite', { access: site('Admin', 'id'), params: SiteIdParams, body: UpdateSiteBody, response: { 200: Site } }), (req) =>
    sites.update(req.ctx, req.params.id, req.body),
  )

  app.delete('/sites/:id', route('deleteSite', { access: site('Owner', 'id'), params: SiteIdParams, response: { 204: NoContent } }), async (req, reply) => {
    await sites.remove(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })
  await localeRoutes(app, opts)
}

/** Locales and settings of a site. */
const localeRoutes: AppPlugin = async (app) => {
  app.get('/sites/:site_id/locales', route('listSiteLocales', { access: site('Read'), params: SiteParams, response: { 200: Type.Array(Locale) } }), (req) =>
    locales.list(req.ctx, req.params.site_id),
  )

  app.post(
    '/sites/:site_id/locales',
    route('createSiteLocale', { access: site('Admin'), params: SiteParams, body: LocaleInput, response: { 201: Locale } }),
    async (req, reply) => reply.code(201).send(await locales.create(req.ctx, req.params.site_id, req.body)),
  )

  app.put(
    '/sites/:site_id/locales/:locale_id',
    route('updateSiteLocale', { access: site('Admin'), params: LocaleParams, body: UpdateLocaleBody, response: { 200: Locale } }),
    (req) => locales.update(req.ctx, req.params.site_id, req.params.locale_id, req.body),
  )

  app.delete(
    '/sites/:site_id/locales/:locale_id',
    route('deleteSiteLocale', { access: site('Admin'), params: LocaleParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await locales.remove(req.ctx, req.params.site_id, req.params.locale_id)
      return reply.code(204).send(null)
    },
  )

  app.get('/sites/:site_id/settings', route('getSiteSettings', { access: site('Read'), params: SiteParams, response: { 200: SiteSettings } }), (req) =>
    locales.getSettings(req.ctx, req.params.site_id),
  )

  app.put(
    '/sites/:site_id/settings',
    route('updateSiteSettings', { access: site('Admin'), params: SiteParams, body: UpdateSettingsBody, response: { 200: SiteSettings } }),
    (req) => locales.updateSettings(req.ctx, req.params.site_id, req.body),
  )
}
