import { Type, type TSchema } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import type { Ctx } from '../../core/context.js'
import { contentEntity } from '../../core/content-scope.js'
import { record } from '../../http/access.js'
import type { Api } from '../../http/app-types.js'
import { NoContent, Uuid } from '../../http/schemas.js'
import * as assignments from './content.service.js'
import { AssignCategoryBody, AssignTagBody, ContentCategory, ContentParams, Tag } from './schemas.js'

/** Reads through any carrying site; changes need Author on the owning site (a Read key lives in a public frontend and never changes anything). */
const read = record(contentEntity, 'Read', 'content_id')
const write = record(contentEntity, 'Author', 'content_id')

interface TermRoutes {
  kind: 'tag' | 'category'
  /** Path segment and names: tags / Tag / Tags. */
  path: string
  one: string
  many: string
  item: TSchema
  body: TSchema
  list(ctx: Ctx, contentId: string): Promise<unknown[]>
  assign(ctx: Ctx, contentId: string, body: never): Promise<void>
  docs: { list: string; assign: string }
}

/** GET, POST and DELETE of one kind of term (tags, categories) on a content item. */
function termRoutes(app: Api, t: TermRoutes): void {
  const tags = ['Taxonomy']
  const param = `${t.kind}_id`
  app.get(
    `/content/:content_id/${t.path}`,
    {
      config: { access: read },
      schema: {
        tags,
        operationId: `listContent${t.many}`,
        summary: `List the ${t.path} of a content item`,
        description: t.docs.list,
        params: ContentParams,
        response: { 200: Type.Array(t.item) },
      },
    },
    (req) => t.list(req.ctx, req.params.content_id),
  )
  app.post(
    `/content/:content_id/${t.path}`,
    {
      config: { access: write },
      schema: {
        tags,
        operationId: `assignContent${t.one}`,
        summary: `Assign a ${t.kind} to a content item`,
        description: t.docs.assign,
        params: ContentParams,
        body: t.body,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await t.assign(req.ctx, req.params.content_id, req.body as never)
      return reply.code(204).send(null)
    },
  )
  app.delete(
    `/content/:content_id/${t.path}/:${param}`,
    {
      config: { access: write },
      schema: {
        tags,
        operationId: `unassignContent${t.one}`,
        summary: `Remove a ${t.kind} from a content item`,
        description: `Removes the ${t.kind} from the content; 404 when it is not assigned.`,
        params: Type.Object({ content_id: Uuid, [param]: Uuid }),
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      const params = req.params as Record<string, string>
      await assignments.unassign(req.ctx, t.kind, params.content_id as string, params[param] as string)
      return reply.code(204).send(null)
    },
  )
}

export const contentTaxonomyRoutes: AppPlugin = async (app) => {
  termRoutes(app, {
    kind: 'tag',
    path: 'tags',
    one: 'Tag',
    many: 'Tags',
    item: Tag,
    body: AssignTagBody,
    list: assignments.tagsOf,
    assign: assignments.assignTag,
    docs: {
      list: 'Live tags, by name.',
      assign: "Assigns a tag of the content's owning site (any other tag id: 400 on `tag_id`, nothing changes). Idempotent.",
    },
  })
  termRoutes(app, {
    kind: 'category',
    path: 'categories',
    one: 'Category',
    many: 'Categories',
    item: ContentCategory,
    body: AssignCategoryBody,
    list: assignments.categoriesOf,
    assign: assignments.assignCategory,
    docs: {
      list: 'Live categories of the content with `is_primary`, the primary first.',
      assign:
        "Assigns a category of the content's owning site (any other category id: 400 on `category_id`, nothing changes), or updates " +
        '`is_primary` when already assigned. `is_primary: true` clears the previous primary category.',
    },
  })
}
