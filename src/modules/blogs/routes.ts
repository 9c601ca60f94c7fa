import type { Api, AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record, site } from '../../http/access.js'
import { Type } from 'typebox'
import { Paginated } from '../../http/pagination.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, SiteParams } from '../../http/schemas.js'
import { bulkRoute, getRoute, writeRoutes } from '../../kits/content-workflow/routes.js'
import { blogEntity } from './entity.js'
import { BlogDetail, BlogListItem, FEATURED_DEFAULT_LIMIT, FeaturedQuery, ListBlogsQuery, PublishedQuery, SiteSlugParams } from './schemas.js'
import * as blogs from './service.js'
import { blogFlow } from './workflow.routes.js'

const LIST_ITEM =
  'List items are the blog plus `title`, `subtitle`, `excerpt` and `locale` taken from the localization in the `locale` query ' +
  "(a locale code), falling back to the owning site's default locale, then to the oldest localization; plus `tags` and " +
  '`categories` (with `is_primary`); `locale_ids`, the locales the blog has a localization in; and `cover_image` and `header_image`, ' +
  'the images their ids name (null when none or deleted), read in the same batch as the page.'
const CACHED = 'Answers are cached per site and invalidated by every write to a blog the site carries: a write is visible as soon as it has answered.'

const route = operations('Blogs', {
  listSiteBlogs: [
    'List the blogs of a site',
    'Every live blog the site carries, any status. Filters (all optional, combined with AND): `status`; `author` (exact, case-sensitive); ' +
      "`tag` (a tag id); `category` (a category id: blogs in it or in any of its live descendant categories, so a parent lists its children's posts). " +
      'An unknown or deleted tag or category lists nothing; a malformed id is a 400. `sort` orders the list (default `-created_at`, newest created first). ' +
      LIST_ITEM,
  ],
  listPublishedSiteBlogs: [
    'List the published blogs of a site',
    `Published blogs whose publish_end has not passed, newest published_date first (then published_at). ${LIST_ITEM} ${CACHED}`,
  ],
  listFeaturedSiteBlogs: [
    'List the featured published blogs of a site',
    `Published blogs with is_featured, in published order, as a plain array; the number of featured blogs is in the \`X-Total-Count\` header. ` +
      `limit/offset: limit default ${FEATURED_DEFAULT_LIMIT}, max 100; offset default 0. ${LIST_ITEM} ${CACHED}`,
  ],
  getSiteBlogBySlug: [
    'Get a blog of a site by slug',
    "The blog with this slug among the site's live blogs, as the detail shape. Public read: Read-level callers (Read keys, Viewers) " +
      'get only a blog that is live now (Published and inside publish_start/publish_end), anything else is 404 for them; Write and above ' +
      `see every status (previews). ${CACHED}`,
  ],
  getBlogDetail: [
    'Get a blog with its localizations, categories, tags and documents',
    'The blog plus all localizations, categories (with is_primary), tags and attached documents.',
  ],
})

/** Lists and lookups within one site. */
function siteReads(app: Api): void {
  app.get(
    '/sites/:site_id/blogs',
    route('listSiteBlogs', { access: site('Read'), params: SiteParams, querystring: ListBlogsQuery, response: { 200: Paginated(BlogListItem) } }),
    (req) => blogs.list(req.ctx, req.params.site_id, req.query),
  )

  app.get(
    '/sites/:site_id/blogs/published',
    route('listPublishedSiteBlogs', { access: site('Read'), params: SiteParams, querystring: PublishedQuery, response: { 200: Paginated(BlogListItem) } }),
    async (req, reply) => sendRaw(reply, await blogs.published(req.ctx, req.params.site_id, req.query)),
  )

  app.get(
    '/sites/:site_id/blogs/featured',
    route('listFeaturedSiteBlogs', {
      access: site('Read'),
      params: SiteParams,
      querystring: FeaturedQuery,
      responseHeaders: ['X-Total-Count'],
      response: { 200: Type.Array(BlogListItem) },
    }),
    async (req, reply) => {
      const out = await blogs.featured(req.ctx, req.params.site_id, req.query)
      return sendRaw(reply.header('x-total-count', String(out.total)), out.raw)
    },
  )

  app.get(
    '/sites/:site_id/blogs/by-slug/:slug',
    route('getSiteBlogBySlug', { access: site('Read'), params: SiteSlugParams, response: { 200: BlogDetail } }),
    async (req, reply) => sendRaw(reply, await blogs.bySlug(req.ctx, req.params.site_id, req.params.slug)),
  )
}

/** One blog by id. */
function recordReads(app: Api): void {
  getRoute(app, blogFlow, blogs.get)

  app.get(
    '/blogs/:id/detail',
    route('getBlogDetail', { access: record(blogEntity, 'Read', 'id', blogs.detailScope), params: IdParams, response: { 200: BlogDetail } }),
    async (req, reply) => sendRaw(reply, await blogs.detail(req.ctx, req.params.id, req.recordScope)),
  )
}

/** Create, update, delete, clone and bulk. */
function writes(app: Api): void {
  writeRoutes(app, blogFlow)
  bulkRoute(app, blogFlow)
}

export const blogRoutes: AppPlugin = async (app) => {
  siteReads(app)
  recordReads(app)
  writes(app)
}
