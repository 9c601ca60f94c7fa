import type { Api, AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { SiteParams } from '../../http/schemas.js'
import { bulkRoute, getRoute, reviewRoute, writeRoutes } from '../../kits/content-workflow/routes.js'
import { pageWorkflow } from './entity.js'
import {
  BulkResult,
  CreatePageBody,
  ListPagesQuery,
  NestedRouteParams,
  Page,
  PageDetail,
  PageListItem,
  ReviewBody,
  RouteParams,
  UpdatePageBody,
} from './schemas.js'
import * as pages from './service.js'
import * as writes from './write.service.js'

/** Get, create, update, delete, clone, review and bulk come from the content-workflow kit; bulk runs the single update and remove per id. */
const pageFlow = {
  workflow: pageWorkflow,
  one: 'Page',
  ops: writes,
  schemas: { item: Page, review: ReviewBody, bulkResult: BulkResult, create: CreatePageBody, update: UpdatePageBody, created: Page, cloned: PageDetail },
  docs: {
    create:
      'Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ' +
      'route and slug must be free among the live pages of every carrying site (409). Publishing (status Published or Scheduled) needs ' +
      'Reviewer on the owning site when its editorial workflow is on; Published with a future publish_start is stored as Scheduled.',
    update:
      'Partial update (site_ids cannot change). status: InReview submits a Draft for review and notifies reviewers; Published/Scheduled ' +
      'need Reviewer on the owning site when its editorial workflow is on; becoming Published sets published_at.',
    delete: 'Soft delete: the page answers 404 afterwards, its route and slug are free, and its child pages become top-level pages.',
    clone:
      'A new Draft in the same sites with route and slug `<x>-copy`, then `-copy-2`, … (the home page: `/copy`); sections with their ' +
      'localizations, categories and tags are copied; the source is unchanged.',
  },
}
const CACHED =
  'Answers are cached and refreshed by every write to the page, its sections and their localizations: a write is visible as soon as it has answered.'
const BY_ROUTE =
  "The page with this route among the site's live pages, with its sections (by display_order) and their localizations. The route is given " +
  'without its leading slash, as one encoded segment (`docs%2Fintro`) or as several segments (`docs/intro`); a trailing slash is ignored; ' +
  'the home page `/` is `%2F`. Public read: Read-level callers (Read keys, Viewers) get only a page that is live now (Published and inside ' +
  `publish_start/publish_end), anything else is 404 for them; Write and above see every status (previews). A route no page can have is a 400. ${CACHED}`

const route = operations('Pages', {
  listSitePages: [
    'List the pages of a site',
    `Every live page the site carries, any status (filter with \`status\`), by route. Each item adds \`locales\` (the codes of the locales its sections are localized in) and \`cover_image\` (the cover of its first section that has one). ${CACHED}`,
  ],
  getSitePageByRoute: ['Get a page of a site by route', BY_ROUTE],
  getSitePageByNestedRoute: 'Get a page of a site by a route of several segments',
})

function reads(app: Api): void {
  app.get(
    '/sites/:site_id/pages',
    route('listSitePages', { access: site('Read'), params: SiteParams, querystring: ListPagesQuery, response: { 200: Paginated(PageListItem) } }),
    async (req, reply) => sendRaw(reply, await pages.list(req.ctx, req.params.site_id, req.query)),
  )

  app.get(
    '/sites/:site_id/pages/by-route/:route',
    route('getSitePageByRoute', { access: site('Read'), params: RouteParams, response: { 200: PageDetail } }),
    async (req, reply) => sendRaw(reply, await pages.byRoute(req.ctx, req.params.site_id, req.params.route)),
  )

  // The same lookup with the route as several segments (`by-route/docs/intro`); documented under the one above.
  app.get(
    '/sites/:site_id/pages/by-route/*',
    route('getSitePageByNestedRoute', { access: site('Read'), hide: true, params: NestedRouteParams, response: { 200: PageDetail } }),
    async (req, reply) => sendRaw(reply, await pages.byRoute(req.ctx, req.params.site_id, req.params['*'])),
  )

  getRoute(app, pageFlow, pages.get)
}

export const pageRoutes: AppPlugin = async (app) => {
  reads(app)
  writeRoutes(app, pageFlow)
  reviewRoute(app, pageFlow)
  bulkRoute(app, pageFlow)
}
