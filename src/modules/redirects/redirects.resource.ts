import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource } from '../../kits/site-resource/rules.js'
import { redirects } from '../../db/schema/site-links.js'
import { site } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import { SiteParams, op } from '../../http/schemas.js'
import * as rules from './redirects.service.js'
import { CreateRedirectBody, Redirect, RedirectListQuery, RedirectLookupQuery, RedirectTarget, UpdateRedirectBody, presentRedirect } from './schemas.js'

export const redirectEntity = defineEntity({ name: 'redirect', events: crudEvents('redirect'), scope: siteOwned(redirects) })

/** Redirects: source_path unique per site, never equal to the destination; listed by source_path; soft delete. */
export const redirectResource = siteResource({
  entity: redirectEntity,
  table: redirects,
  present: presentRedirect,
  order: [redirects.source_path, redirects.id],
  unique: ['source_path'],
  auditFields: ['source_path', 'destination_path', 'status_code'],
  normalize: rules.normalize,
  check: (_tx, w) => rules.checkDistinct(w),
  routes: {
    path: 'redirects',
    tag: 'Redirects',
    schemas: { item: Redirect, create: CreateRedirectBody, update: UpdateRedirectBody, listQuery: RedirectListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    cacheList: true,
    docs: {
      list: 'Live redirects of the site, by source_path. Cached; every redirect write refreshes it.',
      create: 'status_code defaults to 301, is_active to true. 409 when the source_path already has a live redirect.',
    },
  },
})

export const redirectRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/redirects/lookup',
    {
      config: { access: site('Read') },
      schema: {
        ...op('lookupRedirect', 'Find the redirect of a path'),
        tags: ['Redirects'],
        description:
          'The active redirect whose source_path is `path`, normalised like source paths (a missing leading slash is added, a trailing ' +
          'slash dropped but for `/`); 404 when there is none. Cached per path, "none" included; every redirect write refreshes it.',
        params: SiteParams,
        querystring: RedirectLookupQuery,
        response: { 200: RedirectTarget },
      },
    },
    async (req, reply) => sendRaw(reply, await rules.lookup(req.ctx, req.params.site_id, req.query)),
  )
  resourceRoutes(app, redirectResource)
}
