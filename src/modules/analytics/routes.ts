import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { site } from '../../http/access.js'
import { optionalBody } from '../../http/body.js'
import { Body, SiteParams } from '../../http/schemas.js'
import { pageview, pageviewBuffer } from './ingest.service.js'
import { AggregateQuery, AggregateResult, AnalyticsReport, PageviewAccepted, PageviewBody, ReportQuery } from './schemas.js'
import * as analytics from './service.js'

const route = operations('Analytics', {
  recordPageview: [
    'Record a pageview',
    'Privacy-first: no cookie is set and neither the client IP nor the user agent is stored. The server derives a visitor hash, ' +
      'SHA-256 of (daily salt, site id, client IP, user agent); the salt is shared by every instance through the database, changes every ' +
      'UTC day and is deleted after it, so visitors cannot be followed across days. The client IP is the socket address unless ' +
      '`ATRIUM_TRUST_PROXY` names the proxy. `user_agent_hash` is accepted and ignored. `path` (1-2000 characters) may be a full URL: ' +
      'only its path is kept, without query or fragment, repeated slashes collapsed and the trailing slash removed (percent-encoding as sent). ' +
      '`referrer` is reduced to its lowercased host; anything that is not an http(s) URL or host is stored as null. ' +
      'A site whose `analytics_enabled` is false answers 403 `ANALYTICS_DISABLED` and records nothing (its report stays readable). ' +
      'Pageviews are buffered in memory and written in batches (within `ATRIUM_ANALYTICS_FLUSH_MS`, default 250 ms, and on shutdown); ' +
      'when the buffer is full (`ATRIUM_ANALYTICS_BUFFER_MAX`, the database cannot keep up) the answer is 503 with Retry-After and nothing is recorded. ' +
      'Pageviews are telemetry and are not audited one by one.',
  ],
  getAnalyticsReport: [
    'Get the analytics report of a site',
    'Totals, top content and a daily trend over the last `days` days (1-365, default 30) ending today, days in the site time zone ' +
      '(`timezone` setting), oldest first, one entry per day, zero-filled. `top_n` (1-50, default 10) paths by views, ties by path. ' +
      'Aggregated days come from the daily statistics, later days from the raw events, so the report is exact without waiting for the roll-up. ' +
      'Unique visitors are distinct visitor hashes per day; hashes cannot be linked across days, so uniques over several days (per path and ' +
      'in total) are the sum of the daily uniques.',
  ],
  aggregateAnalytics: [
    'Roll raw pageviews into daily statistics',
    'Recomputes the daily statistics (per path and per day for the whole site) of every complete local day (before today in the site time zone) ' +
      'that has raw events, from the raw events alone (an upsert that sets, so running it twice changes nothing), then deletes the raw events of ' +
      'local days older than `retention_days` (1-3650, default 90; whole days). `rows_affected` counts the statistic rows written plus the raw ' +
      'events deleted; `action` is always "aggregated". Audited as `Update` of entity `analytics` with the site as entity id. ' +
      'A background job does the same for every site once per UTC day with `ATRIUM_ANALYTICS_RETENTION_DAYS`.',
  ],
})

export const analyticsRoutes: AppPlugin = async (app) => {
  // Graceful shutdown: pageviews still in memory are written before the database closes.
  app.addHook('onClose', () => pageviewBuffer(app.deps).stop())

  app.post(
    '/sites/:site_id/analytics/pageview',
    route('recordPageview', { access: site('Read'), params: SiteParams, body: PageviewBody, response: { 201: PageviewAccepted } }),
    async (req, reply) => {
      const ok = await pageview(req.ctx, req.params.site_id, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' })
      return reply.code(201).send(ok)
    },
  )

  app.get(
    '/sites/:site_id/analytics/report',
    route('getAnalyticsReport', { access: site('Read'), params: SiteParams, querystring: ReportQuery, response: { 200: AnalyticsReport } }),
    (req) => analytics.report(req.ctx, req.params.site_id, req.query),
  )

  app.post(
    '/sites/:site_id/analytics/aggregate',
    route('aggregateAnalytics', {
      access: site('Admin'),
      params: SiteParams,
      querystring: AggregateQuery,
      body: Body({}),
      response: { 200: AggregateResult },
      preValidation: optionalBody,
    }),
    (req) => analytics.aggregate(req.ctx, req.params.site_id, req.query),
  )
}
