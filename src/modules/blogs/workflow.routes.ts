import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { SiteParams } from '../../http/schemas.js'
import { sendBytes, sendRaw } from '../../http/raw.js'
import { RSS_CONTENT_TYPE } from './feed.rules.js'
import { reviewRoute } from '../../kits/content-workflow/routes.js'
import { blogWorkflow } from './entity.js'
import { Blog, BlogDetail, BulkResult, CreateBlogBody, UpdateBlogBody } from './schemas.js'
import * as writes from './write.service.js'
import * as workflow from './workflow.service.js'
import { NotModified, ReviewBody, RssDocument, SimilarBlog, SimilarQuery, SiteBlogParams } from './workflow.schemas.js'

/** Get, create, update, delete, clone, review and bulk come from the content-workflow kit; bulk runs the single update and remove per id. */
export const blogFlow = {
  workflow: blogWorkflow,
  one: 'Blog',
  ops: writes,
  schemas: { item: Blog, review: ReviewBody, bulkResult: BulkResult, create: CreateBlogBody, update: UpdateBlogBody, created: BlogDetail, cloned: BlogDetail },
  docs: {
    create:
      'Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ' +
      'Publishing (status Published or Scheduled) needs Reviewer on the owning site when its editorial workflow is on. ' +
      'Published with a future publish_start is stored as Scheduled. Answers the detail shape (with the created localizations).',
    update:
      'Partial update (site_ids cannot change). status: InReview submits a Draft for review and notifies reviewers; Published/Scheduled ' +
      'need Reviewer on the owning site when its editorial workflow is on; becoming Published sets published_at (and published_date when null).',
    delete: 'Soft delete: the blog answers 404 afterwards and its slug is free.',
    clone: 'A new Draft in the same sites with slug `<slug>-copy`, then `-copy-2`, … ; localizations, categories and tags are copied; the source is unchanged.',
  },
}

const route = operations('Blogs', {
  listSimilarSiteBlogs: [
    'Published blogs of the site most similar to this one',
    'score = 3 per shared tag + 2 per shared category + 3 if the primary category matches + 1 for the same author; ' +
      'only published blogs of the site with score > 0, by score, then published_date newest first. 404 when the site does not carry the blog.',
  ],
  getSiteBlogFeed: [
    'RSS 2.0 feed of the last 50 published blogs, in the site default locale',
    'application/rss+xml. Cached for an hour and refreshed as soon as a blog of the site is published, changed or removed. ' +
      "Sends an ETag; If-None-Match with the current ETag answers 304. The channel <link> is the site's `url` (or `/`); each item's " +
      "<link> is `url` + the settings' `post_path` with {slug} filled in (the bare path when the site has no url); each " +
      '<guid isPermaLink="false"> is the blog id; <pubDate> is the post\'s `published_date` (midnight UTC; `published_at` only when it has ' +
      'none); <description> is the excerpt, else the start of the body as plain text (Markdown removed, about 300 characters, cut after ' +
      'a word); <author> is `author`. With a site `url`, the channel names itself by `atom:link rel="self"` = `url` + the settings\' ' +
      '`feed_path` (default /rss.xml); without one there is no such link. An item without title shows its slug; a site or settings ' +
      'change refreshes the feed at once.',
  ],
})

export const blogWorkflowRoutes: AppPlugin = async (app) => {
  reviewRoute(app, blogFlow)

  app.get(
    '/sites/:site_id/blogs/:id/similar',
    route('listSimilarSiteBlogs', { access: site('Read'), params: SiteBlogParams, querystring: SimilarQuery, response: { 200: Type.Array(SimilarBlog) } }),
    async (req, reply) => sendRaw(reply, await workflow.similar(req.ctx, req.params.site_id, req.params.id, req.query)),
  )

  app.get(
    '/sites/:site_id/feed.rss',
    route('getSiteBlogFeed', {
      access: site('Read'),
      params: SiteParams,
      produces: ['application/rss+xml'],
      responseHeaders: ['ETag'],
      response: { 200: RssDocument, 304: NotModified },
    }),
    async (req, reply) => {
      const ifNoneMatch = req.headers['if-none-match']
      const out = await workflow.feed(req.ctx, req.params.site_id, ifNoneMatch)
      void reply.header('etag', out.etag).header('cache-control', 'private, no-cache')
      if (out.notModified) return reply.code(304).send(null)
      return sendBytes(reply, RSS_CONTENT_TYPE, out.body)
    },
  )
}
