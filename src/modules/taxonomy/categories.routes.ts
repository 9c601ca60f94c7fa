import { Type } from 'typebox'
import type { AppPlugin } from '../../app.js'
import { anyAuth, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import * as categoriesService from './categories-service.js'
import * as assignments from './content-service.js'
import {
  AssignCategoryBody,
  Category,
  CategoryBlogCount,
  CategoryListQuery,
  ContentCategory,
  ContentCategoryParams,
  ContentParams,
  CreateCategoryBody,
  ParentParams,
  UpdateCategoryBody,
} from './schemas.js'

const tags = ['Taxonomy']

type Api = Parameters<AppPlugin>[0]

function categoryReadRoutes(app: Api): void {
  app.get(
    '/sites/:site_id/categories',
    {
      config: { access: site('Read') },
      schema: {
        tags,
        description: 'Root categories of the site (no parent), by display_order then name. Children: GET /categories/{parent_id}/children.',
        params: SiteParams,
        querystring: CategoryListQuery,
        response: { 200: Paginated(Category) },
      },
    },
    (req) => categoriesService.listRoots(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/sites/:site_id/categories/blog-counts',
    {
      config: { access: site('Read') },
      schema: {
        tags,
        description:
          'Every live category of the site (all levels) with `blog_count`: the Published, non-deleted blogs the site carries that are ' +
          'assigned to that category itself (not counting sub-categories). Categories without blogs count 0.',
        params: SiteParams,
        response: { 200: Type.Array(CategoryBlogCount) },
      },
    },
    (req) => categoriesService.blogCounts(req.ctx, req.params.site_id),
  )

  app.get('/categories/:id', { config: { access: record('category', 'Read') }, schema: { tags, params: IdParams, response: { 200: Category } } }, (req) =>
    categoriesService.get(req.ctx, req.params.id),
  )

  app.get(
    '/categories/:parent_id/children',
    {
      config: { access: record('category', 'Read', 'parent_id') },
      schema: { tags, description: 'Direct live children, by display_order then name.', params: ParentParams, response: { 200: Type.Array(Category) } },
    },
    (req) => categoriesService.children(req.ctx, req.params.parent_id),
  )

  app.get(
    '/content/:content_id/categories',
    {
      config: { access: record('content', 'Read', 'content_id') },
      schema: { tags, description: 'Live categories of the content with `is_primary`, the primary first.', params: ContentParams, response: { 200: Type.Array(ContentCategory) } },
    },
    (req) => assignments.categoriesOf(req.ctx, req.params.content_id),
  )
}

function categoryWriteRoutes(app: Api): void {
  app.post(
    '/categories',
    {
      config: { access: anyAuth },
      schema: {
        tags,
        description:
          'Creates a category in `site_id` (Author there). `parent_id` must be a category of the same site (400). ' +
          'Without `slug` it is derived from the name. 409 when the slug is taken in the site.',
        body: CreateCategoryBody,
        response: { 201: Category },
      },
    },
    async (req, reply) => reply.code(201).send(await categoriesService.create(req.ctx, req.body)),
  )

  app.put(
    '/categories/:id',
    {
      config: { access: record('category', 'Author') },
      schema: {
        tags,
        description:
          'Partial update. `parent_id` null makes it a root; a parent from another site, the category itself or one of its ' +
          'descendants (a cycle) is a 400 on `parent_id`.',
        params: IdParams,
        body: UpdateCategoryBody,
        response: { 200: Category },
      },
    },
    (req) => categoriesService.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/categories/:id',
    {
      config: { access: record('category', 'Author') },
      schema: {
        tags,
        description:
          "Soft delete. Its children move up to the deleted category's parent (they become roots when it was a root). " +
          'Its content assignments are no longer shown or counted.',
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await categoriesService.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )

}

function categoryAssignmentRoutes(app: Api): void {
  app.post(
    '/content/:content_id/categories',
    {
      // The spec's table says Read; decisions.md "Permissions beyond the tables" requires Author.
      config: { access: record('content', 'Author', 'content_id') },
      schema: {
        tags,
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
      config: { access: record('content', 'Author', 'content_id') },
      schema: { tags, description: 'Removes the category from the content; 404 when it is not assigned.', params: ContentCategoryParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await assignments.unassignCategory(req.ctx, req.params.content_id, req.params.category_id)
      return reply.code(204).send(null)
    },
  )
}

export const categoryRoutes: AppPlugin = async (app) => {
  categoryReadRoutes(app)
  categoryWriteRoutes(app)
  categoryAssignmentRoutes(app)
}
