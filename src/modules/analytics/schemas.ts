import { Type, type Static } from 'typebox'
import { Body, DateOnly, Int, Nullable } from '../../http/schemas.js'
import { MAX_PATH } from './paths.rules.js'

export const PageviewBody = Body({
  path: Type.String({
    minLength: 1,
    maxLength: MAX_PATH,
    description:
      'Path of the page viewed (or its full URL: only the path is kept). Query and fragment are dropped, repeated slashes collapsed, the trailing slash removed; percent-encoding is kept as sent.',
  }),
  referrer: Type.Optional(
    Nullable(
      Type.String({ maxLength: 2000, description: 'Referring URL; only its host (lowercased) is stored, and nothing when it is not an http(s) URL or host' }),
    ),
  ),
  user_agent_hash: Type.Optional(
    Nullable(Type.String({ maxLength: 256, description: 'Accepted for compatibility and ignored: the server derives its own daily visitor hash' })),
  ),
})
export type PageviewBody = Static<typeof PageviewBody>

export const PageviewAccepted = Type.Object({ ok: Type.Literal(true) }, { $id: 'PageviewAccepted' })

export const ReportQuery = Type.Object({
  days: Int({ minimum: 1, maximum: 365, default: 30, description: 'Days in the window, ending today in the site time zone' }),
  top_n: Int({ minimum: 1, maximum: 50, default: 10, description: 'Entries of top_content' }),
})
export type ReportQuery = Static<typeof ReportQuery>

const Counts = {
  total_views: Type.Integer(),
  unique_visitors: Type.Integer({ description: 'Sum of daily distinct visitor hashes (hashes cannot be linked across days)' }),
}

export const AnalyticsReport = Type.Object(
  {
    total_views: Type.Integer(),
    total_unique_visitors: Type.Integer({ description: 'Sum over the days of the distinct visitor hashes of each day' }),
    top_content: Type.Array(Type.Object({ path: Type.String(), ...Counts })),
    trend: Type.Array(Type.Object({ date: DateOnly, ...Counts }), { description: 'One entry per day of the window, oldest first, zero-filled' }),
  },
  { $id: 'AnalyticsReport' },
)
export type AnalyticsReport = Static<typeof AnalyticsReport>

export const MAX_RETENTION_DAYS = 3650

export const AggregateQuery = Type.Object({
  retention_days: Int({ minimum: 1, maximum: MAX_RETENTION_DAYS, default: 90, description: 'Raw events of local days older than this many days are deleted' }),
})
export type AggregateQuery = Static<typeof AggregateQuery>

export const AggregateResult = Type.Object(
  {
    rows_affected: Type.Integer({ description: 'Daily statistic rows written (per path and per day) plus raw events deleted' }),
    action: Type.String({ description: 'Always "aggregated"' }),
  },
  { $id: 'AnalyticsAggregateResult' },
)
export type AggregateResult = Static<typeof AggregateResult>
