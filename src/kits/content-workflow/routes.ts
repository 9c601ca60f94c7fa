import type { TSchema } from 'typebox'
import type { Api } from '../../http/app-types.js'
import { record, site } from '../../http/access.js'
import { BulkBody, type ReviewBody } from '../../http/content-schemas.js'
import { IdParams, SiteParams, op } from '../../http/schemas.js'
import { bulkContent, reviewContent, type BulkOps, type ContentWorkflow, type WorkflowRecord, type WorkflowRow } from './rules.js'

/** What the workflow routes of one content kind need: its workflow, its single writes and its wire schemas. */
export interface WorkflowRoutesSpec<R extends WorkflowRow, W extends WorkflowRecord> {
  workflow: ContentWorkflow<R, W>
  /** URL segment: /<path>/{id}/review, /sites/{site_id}/<path>/bulk. */
  path: string
  tag: string
  /** Operation-id names: reviewBlog, bulkUpdateSiteBlogs. */
  one: string
  many: string
  /** The kind's single update and remove, which bulk runs per id (every rule of a single write applies). */
  ops: BulkOps
  schemas: { item: TSchema; review: TSchema; bulkResult: TSchema }
}

type Json = Record<string, unknown>

/**
 * POST /<path>/{id}/review (Reviewer on the owning site, If-Match): the kit's review (rules.ts reviewContent).
 * Registered where the module calls it, so the OpenAPI document keeps its order.
 */
export function reviewRoute<R extends WorkflowRow, W extends WorkflowRecord>(app: Api, s: WorkflowRoutesSpec<R, W>): void {
  const noun = s.workflow.entity.label
  app.post(
    `/${s.path}/:id/review`,
    {
      config: { access: record(s.workflow.entity, 'Reviewer'), ifMatch: true },
      schema: {
        ...op(`review${s.one}`, `Review a ${noun} in review: Approve or RequestChanges`),
        tags: [s.tag],
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
  const nouns = `${entity.label}s`
  app.post(
    `/sites/:site_id/${s.path}/bulk`,
    {
      config: { access: site('Author') },
      schema: {
        ...op(`bulkUpdateSite${s.many}`, `Change the status of, or delete, many of a site's ${nouns}`),
        tags: [s.tag],
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
