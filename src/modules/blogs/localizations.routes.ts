import { Type } from 'typebox'
import type { AppPlugin } from '../../app.js'
import { record } from '../../http/access.js'
import { IdParams, NoContent } from '../../http/schemas.js'
import * as locs from './localization-service.js'
import { BlogLocalization, CreateLocalizationBody, LocalizationParams, UpdateLocalizationBody } from './schemas.js'

const tags = ['Blogs']

export const blogLocalizationRoutes: AppPlugin = async (app) => {
  app.get(
    '/blogs/:id/localizations',
    { config: { access: record('blog', 'Read') }, schema: { tags, description: 'Default locale first, then by code.', params: IdParams, response: { 200: Type.Array(BlogLocalization) } } },
    (req) => locs.list(req.ctx, req.params.id),
  )

  app.post(
    '/blogs/:id/localizations',
    {
      config: { access: record('blog', 'Author') },
      schema: {
        tags,
        description: "One per locale: 400 for a locale the blog's owning site does not have, 409 when the locale already has one. body is Markdown.",
        params: IdParams,
        body: CreateLocalizationBody,
        response: { 201: BlogLocalization },
      },
    },
    async (req, reply) => reply.code(201).send(await locs.create(req.ctx, req.params.id, req.body)),
  )

  app.put(
    '/blogs/localizations/:loc_id',
    {
      config: { access: record('blog_localization', 'Author', 'loc_id') },
      schema: { tags, description: 'Partial update of the texts; the locale cannot change.', params: LocalizationParams, body: UpdateLocalizationBody, response: { 200: BlogLocalization } },
    },
    (req) => locs.update(req.ctx, req.params.loc_id, req.body),
  )

  app.delete(
    '/blogs/localizations/:loc_id',
    { config: { access: record('blog_localization', 'Editor', 'loc_id') }, schema: { tags, params: LocalizationParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await locs.remove(req.ctx, req.params.loc_id)
      return reply.code(204).send(null)
    },
  )
}
