import type { TSchema } from 'typebox'
import type { Ctx } from '../../core/context.js'
import type { Api } from '../../http/app-types.js'
import { bodySites, record, site } from '../../http/access.js'
import { BulkBody, type ReviewBody } from '../../http/content-schemas.js'
import { IdParams, NoContent, SiteParams, op } from '../../http/schemas.js'
import { bulkContent, reviewContent, type BulkOps, type ContentWorkflow, type WorkflowRecord, type WorkflowRow } from './rules.js'

type Json = Record<string, unknown>

/** The kind's single writes; bulk runs its update and remove per id (every rule of a single write applies). */
export interface ContentWrites extends BulkOps {
  create(ctx: Ctx, body: Json): Promise<unknown>
  clone(ctx: Ctx, id: string): Promise<unknown>
}

/** What the routes of one content kind need: its workflow, its single writes, its wire schemas and the texts that differ. */
export interface WorkflowRoutesSpec<R extends WorkflowRow, W extends WorkflowRecord> {
  workflow: ContentWorkflow<R, W>
  /** Operation-id name (reviewBlog, bulkUpdateSiteBlogs); the plural is the URL segment (/blogs) and the tag (Blogs). */
  one: string
  ops: ContentWrites
  schemas: {
    item: TSchema
    review: TSchema
    bulkResult: TSchema
    create: TSchema
    update: TSchema
    /** What create and clone answer. */
    created: TSchema
    cloned: TSchema
  }
  /** The descriptions of the write routes. */
  docs: { create: string; update: string; delete: string; clone: string }
}

const naming = <R extends WorkflowRow, W extends WorkflowRecord>(s: WorkflowRoutesSpec<R, W>) => {
  const many = `${s.one}s`
  return { many, path: many.toLowerCase(), tags: [many], noun: s.workflow.entity.label }
}

/** GET /<path>/{id}: the record's own fields. */
export function getRoute<R extends WorkflowRow, W extends WorkflowRecord>(
  app: Api,
  s: WorkflowRoutesSpec<R, W>,
  get: (ctx: Ctx, id: string) => Promise<unknown>,
): void {
  const { path, tags, noun } = naming(s)
  app.get(
    `/${path}/:id`,
    {
      config: { access: record(s.workflow.entity, 'Read') },
      schema: { ...op(`get${s.one}`, `Get a ${noun}`), tags, params: IdParams, response: { 200: s.schemas.item } },
    },
    async (req) => (await get(req.ctx, req.params.id)) as Json,
  )
}

/**
 * POST /<path> (Author on every site in site_ids), PUT /<path>/{id} (Author), DELETE /<path>/{id} (Editor) and
 * POST /<path>/{id}/clone (Author), in that order, each running the kind's single write.
 */
export function writeRoutes<R extends WorkflowRow, W extends WorkflowRecord>(app: Api, s: WorkflowRoutesSpec<R, W>): void {
  const { path, tags, noun } = naming(s)
  const entity = s.workflow.entity
  app.post(
    `/${path}`,
    {
      config: { access: bodySites('site_ids', 'Author') },
      schema: { ...op(`create${s.one}`, `Create a ${noun}`), tags, description: s.docs.create, body: s.schemas.create, response: { 201: s.schemas.created } },
    },
    async (req, reply) => reply.code(201).send(await s.ops.create(req.ctx, req.body as Json)),
  )
  app.put(
    `/${path}/:id`,
    {
      config: { access: record(entity, 'Author') },
      schema: {
        ...op(`update${s.one}`, `Update a ${noun}`),
        tags,
        description: s.docs.update,
        params: IdParams,
        body: s.schemas.update,
        response: { 200: s.schemas.item },
      },
    },
    async (req) => (await s.ops.update(req.ctx, req.params.id, req.body as { status: never })) as Json,
  )
  app.delete(
    `/${path}/:id`,
    {
      config: { access: record(entity, 'Editor') },
      schema: { ...op(`delete${s.one}`, `Delete a ${noun}`), tags, description: s.docs.delete, params: IdParams, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await s.ops.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
  app.post(
    `/${path}/:id/clone`,
    {
      config: { access: record(entity, 'Author') },
      schema: {
        ...op(`clone${s.one}`, `Clone a ${noun} as a new Draft`),
        tags,
        description: s.docs.clone,
        params: IdParams,
        response: { 201: s.schemas.cloned },
      },
    },
    async (req, reply) => reply.code(201).send(await s.ops.clone(req.ctx, req.params.id)),
  )
}

/**
 * POST /<path>/{id}/review (Reviewer on the owning site, If-Match): the kit's review (rules.ts reviewContent).
 * Registered where the module calls it, so the OpenAPI document keeps its order.
 */
export function reviewRoute<R extends WorkflowRow, W extends WorkflowRecord>(app: Api, s: WorkflowRoutesSpec<R, W>): void {
  const { path, tags, noun } = naming(s)
  app.post(
    `/${path}/:id/review`,
    {
      config: { access: record(s.workflow.entity, 'Reviewer'), ifMatch: true },
      schema: {
        ...op(`review${s.one}`, `Review a ${noun} in review: Approve or RequestChanges`),
        tags,
        description:
          `Approve publishes the ${noun} (Scheduled instead when publish_start is in the future); RequestChanges returns it to Draft. ` +
          `Only a ${noun} InReview can be reviewed (409 INVALID_STATE). The author is notified; fires ${noun}.reviewed (and ${noun}.published).`,
        params: IdParams,
        body: s.schemas.review,
        response: { 200: s.schemas.item },
      },
    },
    async (req) => (await reviewContent(req.ctx, s.workflow, req.params.id, req.body as ReviewBody)) as unknown as Json,
  )
}

/** POST /sites/{site_id}/<path>/bulk (Author on the site; Delete needs Editor): the kit's bulk loop (rules.ts bulkContent). */
export function bulkRoute<R extends WorkflowRow, W extends WorkflowRecord>(app: Api, s: WorkflowRoutesSpec<R, W>): void {
  const entity = s.workflow.entity
  const { path, tags, many, noun } = naming(s)
  const nouns = `${noun}s`
  app.post(
    `/sites/:site_id/${path}/bulk`,
    {
      config: { access: site('Author') },
      schema: {
        ...op(`bulkUpdateSite${many}`, `Change the status of, or delete, many of a site's ${nouns}`),
        tags,
        description:
          `UpdateStatus (needs Author; \`status\` required) or Delete (needs Editor) for at most 100 ids of ${nouns} the site owns. ` +
          'Each id is handled on its own: results say per id whether it succeeded, with the error otherwise (unknown ids and ids of other sites fail).',
        params: SiteParams,
        body: BulkBody,
        response: { 200: s.schemas.bulkResult },
      },
    },
    async (req) => (await bulkContent(req.ctx, entity, s.ops, req.params.site_id, req.body)) as unknown as Json,
  )
}
