import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { siteTree } from '../../kits/site-resource/tree.js'
import { categories, type CategoryRow } from '../../db/schema/taxonomy.js'
import { record, site } from '../../http/access.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import { SiteParams } from '../../http/schemas.js'
import * as rules from './categories.service.js'
import { Category, CategoryBlogCount, CategoryListQuery, CreateCategoryBody, ParentParams, UpdateCategoryBody, presentCategory } from './schemas.js'

export const categoryEntity = defineEntity({ name: 'category', label: 'category', events: crudEvents('category'), scope: siteOwned(categories) })

/** The category tree: a deleted category's children move up to its parent. */
export const categoryTree = siteTree<CategoryRow>(categories, { noun: 'category', moved: { to: 'children_moved_to', ids: 'moved_children' } })

/** Categories: a site-owned tree, listed from the roots. */
export const categoryResource = siteResource({
  entity: categoryEntity,
  table: categories,
  present: presentCategory,
  order: [categories.display_order, categories.name, categories.id],
  listWhere: { parent_id: null },
  slugFrom: 'name',
  auditFields: ['name', 'slug', 'parent_id'],
  normalize: trimName,
  tree: categoryTree,
  shownIn: rules.sitesShowingCategory,
  embedded: true,
  routes: {
    path: 'categories',
    tag: 'Taxonomy',
    plural: 'Categories',
    schemas: { item: Category, create: CreateCategoryBody, update: UpdateCategoryBody, listQuery: CategoryListQuery },
    docs: {
      list: 'Root categories of the site (no parent), by display_order then name. Children: GET /categories/{parent_id}/children.',
      create:
        'Creates a category in `site_id` (Author there). `parent_id` must be a category of the same site (400). Without `slug` it is derived from the name. 409 when the slug is taken in the site.',
      update:
        'Partial update. `parent_id` null makes it a root; a parent from another site, the category itself or one of its descendants (a cycle) is a 400 on `parent_id`.',
      delete:
        "Soft delete. Its children move up to the deleted category's parent (they become roots when it was a root). Its content assignments are no longer shown or counted.",
    },
  },
})

const tags = ['Taxonomy']

export const categoryRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/categories/blog-counts',
    {
      config: { access: site('Read') },
      schema: {
        tags,
        operationId: 'listSiteCategoryBlogCounts',
        summary: 'Count published blogs per category',
        description:
          'Every live category of the site (all levels, with `parent_id`, so one request gives the whole tree) with `blog_count`: the Published, non-deleted blogs the site carries that are ' +
          'assigned to that category itself (not counting sub-categories). Categories without blogs count 0.',
        params: SiteParams,
        response: { 200: Type.Array(CategoryBlogCount) },
      },
    },
    (req) => rules.blogCounts(req.ctx, req.params.site_id),
  )
  app.get(
    '/categories/:parent_id/children',
    {
      config: { access: record(categoryEntity, 'Read', 'parent_id') },
      schema: {
        tags,
        operationId: 'listCategoryChildren',
        summary: 'List the children of a category',
        description: 'Direct live children, by display_order then name.',
        params: ParentParams,
        response: { 200: Type.Array(Category) },
      },
    },
    (req) => rules.children(req.ctx, req.params.parent_id),
  )
  resourceRoutes(app, categoryResource)
}
