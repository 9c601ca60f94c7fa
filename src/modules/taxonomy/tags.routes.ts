import { Type } from 'typebox'
import type { AppPlugin } from '../../app.js'
import { anyAuth, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import * as assignments from './content-service.js'
import { AssignTagBody, ContentParams, ContentTagParams, CreateTagBody, Tag, TagBySlugParams, TagBySlugQuery, TagListQuery, UpdateTagBody } from './schemas.js'
import * as tagsService from './tags-service.js'

const tags = ['Taxonomy']

type Api = Parameters<AppPlugin>[0]

function tagReadRoutes(app: Api): void {
  app.get(
    '/sites/:site_id/tags',
    {
      config: { access: site('Read') },
      schema: { tags, description: 'Live tags of the site, by name.', params: SiteParams, querystring: TagListQuery, response: { 200: Paginated(Tag) } },
    },
    (req) => tagsService.list(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/tags/by-slug/:slug',
    {
      config: { access: anyAuth },
      schema: {
        tags,
        description:
          'A tag by slug. With `site_id`: the tag of that site (Read on it). Without: looked up among the sites the caller can read; ' +
          '404 when none has the slug, 400 (field `site_id`) when several do.',
        params: TagBySlugParams,
        querystring: TagBySlugQuery,
        response: { 200: Tag },
      },
    },
    (req) => tagsService.getBySlug(req.ctx, req.params.slug, req.query),
  )

  app.get('/tags/:id', { config: { access: record('tag', 'Read') }, schema: { tags, params: IdParams, response: { 200: Tag } } }, (req) =>
    tagsService.get(req.ctx, req.params.id),
  )

  app.get(
    '/content/:content_id/tags',
    { config: { access: record('content', 'Read', 'content_id') }, schema: { tags, params: ContentParams, response: { 200: Type.Array(Tag) } } },
    (req) => assignments.tagsOf(req.ctx, req.params.content_id),
  )
}

function tagWriteRoutes(app: Api): void {
  app.post(
    '/tags',
    {
      config: { access: anyAuth },
      schema: {
        tags,
        description: 'Creates a tag in `site_id` (Author there). Without `slug` it is derived from the name. 409 when the slug is taken in the site.',
        body: CreateTagBody,
        response: { 201: Tag },
      },
    },
    async (req, reply) => reply.code(201).send(await tagsService.create(req.ctx, req.body)),
  )

  app.put(
    '/tags/:id',
    {
      config: { access: record('tag', 'Author') },
      schema: { tags, description: 'Renaming keeps the slug unless a new one is given.', params: IdParams, body: UpdateTagBody, response: { 200: Tag } },
    },
    (req) => tagsService.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/tags/:id',
    {
      config: { access: record('tag', 'Author') },
      schema: { tags, description: 'Soft delete: the tag answers 404 and no longer shows on content; its slug is free again.', params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await tagsService.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

function tagAssignmentRoutes(app: Api): void {
  app.post(
    '/content/:content_id/tags',
    {
      config: { access: record('content', 'Author', 'content_id') },
      schema: {
        tags,
        description: "Assigns a tag of the content's owning site (any other tag id: 400 on `tag_id`, nothing changes). Idempotent.",
        params: ContentParams,
        body: AssignTagBody,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await assignments.assignTag(req.ctx, req.params.content_id, req.body)
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/content/:content_id/tags/:tag_id',
    {
      config: { access: record('content', 'Author', 'content_id') },
      schema: { tags, description: 'Removes the tag from the content; 404 when it is not assigned.', params: ContentTagParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await assignments.unassignTag(req.ctx, req.params.content_id, req.params.tag_id)
      return reply.code(204).send(null)
    },
  )
}

export const tagRoutes: AppPlugin = async (app) => {
  tagReadRoutes(app)
  tagWriteRoutes(app)
  tagAssignmentRoutes(app)
}
