import type { Api, AppPlugin } from '../../http/app-types.js'
import { bodySites, record, site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams, op } from '../../http/schemas.js'
import { bulkRoute, reviewRoute } from '../../kits/content-workflow/routes.js'
import { pageEntity, pageWorkflow } from './entity.js'
import { BulkResult, CreatePageBody, ListPagesQuery, NestedRouteParams, Page, PageDetail, ReviewBody, RouteParams, UpdatePageBody } from './schemas.js'
import * as pages from './service.js'
import * as writes from './write.service.js'

const tags = ['Pages']

/** Review and bulk come from the content-workflow kit; bulk runs the single update and remove per id. */
const pageFlow = {
  workflow: pageWorkflow,
  path: 'pages',
  tag: 'Pages',
  one: 'Page',
  many: 'Pages',
  ops: { update: writes.update, remove: writes.remove },
  schemas: { item: Page, review: ReviewBody, bulkResult: BulkResult },
}
const CACHED =
  'Answers are cached and refreshed by every write to the page, its sections and their localizations: a write is visible as soon as it has answered.'
const BY_ROUTE =
  "The page with this route among the site's live pages, with its sections (by display_order) and their localizations. The route is given " +
  'without its leading slash, as one encoded segment (`docs%2Fintro`) or as several segments (`docs/intro`); a trailing slash is ignored; ' +
  'the home page `/` is `%2F`. Public read: Read-level callers (Read keys, Viewers) get only a page that is live now (Published and inside ' +
  `publish_start/publish_end), anything else is 404 for them; Write and above see every status (previews). A route no page can have is a 400. ${CACHED}`

function reads(app: Api): void {
  app.get(
    '/sites/:site_id/pages',
    {
      config: { access: site('Read') },
      schema: {
        ...op('listSitePages', 'List the pages of a site'),
        tags,
        description: `Every live page the site carries, any status (filter with \`status\`), by route. ${CACHED}`,
        params: SiteParams,
        querystring: ListPagesQuery,
        response: { 200: Paginated(Page) },
      },
    },
    async (req, reply) => sendRaw(reply, await pages.list(req.ctx, req.params.site_id, req.query)),
  )

  app.get(
    '/sites/:site_id/pages/by-route/:route',
    {
      config: { access: site('Read') },
      schema: { ...op('getSitePageByRoute', 'Get a page of a site by route'), tags, description: BY_ROUTE, params: RouteParams, response: { 200: PageDetail } },
    },
    async (req, reply) => sendRaw(reply, await pages.byRoute(req.ctx, req.params.site_id, req.params.route)),
  )

  // The same lookup with the route as several segments (`by-route/docs/intro`); documented under the one above.
  app.get(
    '/sites/:site_id/pages/by-route/*',
    {
      config: { access: site('Read') },
      schema: {
        ...op('getSitePageByNestedRoute', 'Get a page of a site by a route of several segments'),
        hide: true,
        tags,
        params: NestedRouteParams,
        response: { 200: PageDetail },
      },
    },
    async (req, reply) => sendRaw(reply, await pages.byRoute(req.ctx, req.params.site_id, req.params['*'])),
  )

  app.get(
    '/pages/:id',
    { config: { access: record(pageEntity, 'Read') }, schema: { ...op('getPage', 'Get a page'), tags, params: IdParams, response: { 200: Page } } },
    (req) => pages.get(req.ctx, req.params.id),
  )
}

function writeRoutes(app: Api): void {
  app.post(
    '/pages',
    {
      config: { access: bodySites('site_ids', 'Author') },
      schema: {
        ...op('createPage', 'Create a page'),
        tags,
        description:
          'Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ' +
          'route and slug must be free among the live pages of every carrying site (409). Publishing (status Published or Scheduled) needs ' +
          'Reviewer on the owning site when its editorial workflow is on; Published with a future publish_start is stored as Scheduled.',
        body: CreatePageBody,
        response: { 201: Page },
      },
    },
    async (req, reply) => reply.code(201).send(await writes.create(req.ctx, req.body)),
  )

  app.put(
    '/pages/:id',
    {
      config: { access: record(pageEntity, 'Author') },
      schema: {
        ...op('updatePage', 'Update a page'),
        tags,
        description:
          'Partial update (site_ids cannot change). status: InReview submits a Draft for review and notifies reviewers; Published/Scheduled ' +
          'need Reviewer on the owning site when its editorial workflow is on; becoming Published sets published_at.',
        params: IdParams,
        body: UpdatePageBody,
        response: { 200: Page },
      },
    },
    (req) => writes.update(req.ctx, req.params.id, req.body),
  )

  app.delete(
    '/pages/:id',
    {
      config: { access: record(pageEntity, 'Editor') },
      schema: {
        ...op('deletePage', 'Delete a page'),
        tags,
        description: 'Soft delete: the page answers 404 afterwards, its route and slug are free, and its child pages become top-level pages.',
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (req, reply) => {
      await writes.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
}

/** Clone, review and bulk. */
function workflowRoutes(app: Api): void {
  app.post(
    '/pages/:id/clone',
    {
      config: { access: record(pageEntity, 'Author') },
      schema: {
        ...op('clonePage', 'Clone a page as a new Draft'),
        tags,
        description:
          'A new Draft in the same sites with route and slug `<x>-copy`, then `-copy-2`, … (the home page: `/copy`); sections with their ' +
          'localizations, categories and tags are copied; the source is unchanged.',
        params: IdParams,
        response: { 201: PageDetail },
      },
    },
    async (req, reply) => reply.code(201).send(await writes.clone(req.ctx, req.params.id)),
  )

  reviewRoute(app, pageFlow)
  bulkRoute(app, pageFlow)
}

export const pageRoutes: AppPlugin = async (app) => {
  reads(app)
  writeRoutes(app)
  workflowRoutes(app)
}
