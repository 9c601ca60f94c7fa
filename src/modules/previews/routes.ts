import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { publicAccess, record, site } from '../../http/access.js'
import { authenticate } from '../../http/auth.js'
import { sendBytes } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import { previewEntity } from './entity.js'
import { CreatePreviewBody, CreatedPreview, ListPreviewsQuery, Preview, PreviewRead, PreviewTokenQuery } from './schemas.js'
import * as previews from './service.js'

const route = operations('Previews', {
  createPreview: [
    'Create a preview token for a blog or page',
    'Author on the record (a caller that cannot read it gets 404, one that can read but not edit it 403); the site must carry it. ' +
      'expires_in: 60–604800 seconds, default 3600. locale: a locale code of the site (default: its default locale). ' +
      "The token is shown only in this answer; url is the site's preview_url filled in, or null.",
  ],
  listPreviews: [
    'List the live previews of a site',
    'Previews not yet expired nor revoked, soonest expiry first, optionally of one type or record; never their tokens.',
  ],
  revokePreview: 'Revoke a preview',
  readPreview: [
    'Read the record a preview token grants',
    'No credential but the token: header X-Preview-Token (or ?token=, redacted in logs). Answers the record exactly as its public ' +
      'read does (blog: by slug; page: by route with its sections) in its latest saved state, whatever its status or publish window. ' +
      'Unknown, expired and revoked tokens and deleted records are the same 404; so is a token sent with an API key or bearer token ' +
      "that does not reach the preview's site (another site's frontend) or does not authenticate. Cache-Control: no-store; X-Robots-Tag: noindex; " +
      'rate-limited per client address like other unauthenticated calls.',
  ],
})

/** Preview tokens and the read they grant (README "Previews"). */
export const previewRoutes: AppPlugin = async (app) => {
  app.post(
    '/sites/:site_id/previews',
    // Site access here; the record's own rule (Author on the record: 404 unreadable, 403 read-only) in the service.
    route('createPreview', { access: site('Read'), secret: true, params: SiteParams, body: CreatePreviewBody, response: { 201: CreatedPreview } }),
    async (req, reply) => reply.code(201).send(await previews.create(req.ctx, req.params.site_id, req.body)),
  )

  app.get(
    '/sites/:site_id/previews',
    route('listPreviews', { access: site('Author'), params: SiteParams, querystring: ListPreviewsQuery, response: { 200: Type.Array(Preview) } }),
    (req) => previews.list(req.ctx, req.params.site_id, req.query),
  )

  app.delete(
    '/previews/:id',
    route('revokePreview', { access: record(previewEntity, 'Author'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await previews.revoke(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/preview',
    route('readPreview', { access: publicAccess, querystring: PreviewTokenQuery, response: { 200: PreviewRead }, responseHeaders: ['X-Robots-Tag'] }),
    async (req, reply) => {
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
      const header = req.headers['x-preview-token']
      // A frontend may send its own key along: then the token must be of that key's site (a public route: rate limits stay per address).
      const caller = req.headers['x-api-key'] !== undefined || req.headers.authorization !== undefined ? await authenticate(req.ctx.deps, req) : undefined
      const token = typeof header === 'string' ? header : req.query.token
      return sendBytes(reply, 'application/json; charset=utf-8', await previews.read(req.ctx, token, caller))
    },
  )
}
