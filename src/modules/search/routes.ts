import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { Paginated } from '../../http/pagination.js'
import { SiteParams } from '../../http/schemas.js'
import { MAX_QUERY_CHARS, SearchHit, SearchQuery } from './schemas.js'
import * as search from './service.js'

const DESCRIPTION =
  'Ranked full-text search over the blogs and pages the site carries (shared content included) and the documents of the site, ' +
  "in the language of `locale` (a locale code of the site, default its default locale; unknown: 400). The locale's primary " +
  'language subtag picks the PostgreSQL text-search configuration (stemming, stop words: en english, de german, fr french, …; ' +
  'languages without one: simple). Searched text, in that locale only: blogs: title, subtitle, excerpt, body; pages: the title and ' +
  'text of their sections (one hit per page); documents: title, description and file name (a document without a localization in ' +
  `the locale is not found). \`q\`: 1–${MAX_QUERY_CHARS} characters after trimming, web-search syntax (\`"a phrase"\`, \`or\`, \`-word\`); ` +
  'a query of stop words only finds nothing. `types`: comma-separated subset of blog, page, document (default all; unknown: 400). ' +
  'Read-level callers (Read keys, Viewers) find only live content: Published and inside publish_start/publish_end; Write and above ' +
  'also find drafts and other statuses (previews, as in by-slug/by-route). Documents are found unless deleted. ' +
  'Hits are ordered by `rank` (ts_rank, titles weigh most), then newest published_at, and carry `slug` (blogs) or `route` (pages), ' +
  'the other being null. `snippet` is HTML-safe: the text is HTML-escaped and matches are wrapped in `<mark>`…`</mark>`; ' +
  'it is cut from the text besides the title and is null when there is none. The total is in `meta` and `X-Total-Count`. Not cached.'

const route = operations('Search', {
  searchSite: ['Search the content of a site', DESCRIPTION],
})

export const searchRoutes: AppPlugin = async (app) => {
  app.get(
    '/sites/:site_id/search',
    route('searchSite', {
      access: site('Read'),
      params: SiteParams,
      querystring: SearchQuery,
      responseHeaders: ['X-Total-Count'],
      response: { 200: Paginated(SearchHit) },
    }),
    async (req, reply) => {
      const page = await search.search(req.ctx, req.params.site_id, req.query)
      return reply.header('x-total-count', String(page.meta.total)).send(page)
    },
  )
}
