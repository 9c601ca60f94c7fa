import { Type } from 'typebox'
import type { AppPlugin } from '../../app.js'
import { contentEntity } from '../../core/content-scope.js'
import { record } from '../../http/access.js'
import { NoContent } from '../../http/schemas.js'
import * as assignments from './content.service.js'
import { AssignCategoryBody, AssignTagBody, ContentCategory, ContentCategoryParams, ContentParams, ContentTagParams, Tag } from './schemas.js'

const tags = ['Taxonomy']
/** Reads through any carrying site; changes need Author on the owning site (the spec's Read for category assignment: decisions.md). */
const read = record(contentEntity, 'Read', 'content_id')
const write = record(contentEntity, 'Author', 'content_id')

export const contentTaxonomyRoutes: AppPlugin = async (app) => {
  app.get(
    '/content/:content_id/tags',
    { config: { access: read }, schema: { tags, operationId: 'listContentTags', summary: 'List the tags of a content item', description: 'Live tags, by name.', params: ContentParams, response: { 200: Type.Array(Tag) } } },
    (req) => assignments.tagsOf(req.ctx, req.params.content_id),
  )

  app.post(
    '/content/:content_id/tags',
    {
      config: { access: write },
      schema: {
        tags,
        operationId: 'assignContentTag',
        summary: 'Assign a tag to a content item',
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
    { config: { access: write }, schema: { tags, operationId: 'unassignContentTag', summary: 'Remove a tag from a content item', description: 'Removes the tag from the content; 404 when it is not assigned.', params: ContentTagParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await assignments.unassignTag(req.ctx, req.params.content_id, req.params.tag_id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/content/:content_id/categories',
    {
      config: { access: read },
      schema: { tags, operationId: 'listContentCategories', summary: 'List the categories of a content item', description: 'Live categories of the content with `is_primary`, the primary first.', params: ContentParams, response: { 200: Type.Array(ContentCategory) } },
    },
    (req) => assignments.categoriesOf(req.ctx, req.params.content_id),
  )

  app.post(
    '/content/:content_id/categories',
    {
      config: { access: write },
      schema: {
        tags,
        operationId: 'assignContentCategory',
        summary: 'Assign a category to a content item',
        description:
          "Assigns a category of the content's owning site (any other category id: 400 on `category_id`, nothing changes), or updates " +
          '`is_primary` when already assigned. `is_primary: true` clears the previous primary category.',
        params: ContentParams,
        body: AssignCategoryBody,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await assignments.assignCategory(req.ctx, req.params.content_id, req.body)
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/content/:content_id/categories/:category_id',
    {
      config: { access: write },
      schema: { tags, operationId: 'unassignContentCategory', summary: 'Remove a category from a content item', description: 'Removes the category from the content; 404 when it is not assigned.', params: ContentCategoryParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await assignments.unassignCategory(req.ctx, req.params.content_id, req.params.category_id)
      return reply.code(204).send(null)
    },
  )
}
