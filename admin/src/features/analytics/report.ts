import type { Schemas } from '@atrium-cms/client'
import type { SeriesPoint } from '../../shared/ui/SeriesChart'

/*
 * The analytics screen's period (in the URL: `?days=`) and what the chart and its table show of a report
 * (GET /sites/{site_id}/analytics/report: one trend entry per day of the window, oldest first, zero-filled; days are
 * the site's calendar days, YYYY-MM-DD).
 */
export const DAY_OPTIONS = [7, 30, 90, 365] as const
export const DEFAULT_DAYS = 30
export const TOP_N = 10

export interface AnalyticsSearch {
  days?: number
}

export function validateAnalyticsSearch(s: Record<string, unknown>): AnalyticsSearch {
  const days = Number(s.days)
  return (DAY_OPTIONS as readonly number[]).includes(days) && days !== DEFAULT_DAYS ? { days } : {}
}

/** A report day (a calendar date, no time zone) in the UI language: "27 Nov". */
export function formatDay(date: string, lang: string, withYear = false): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

export const formatCount = (n: number, lang: string): string => new Intl.NumberFormat(lang).format(n)

export type TrendPoint = Schemas['AnalyticsReport']['trend'][number]

/** The busiest day of the window (the first of equals), or null when nothing was viewed. */
export function peakDay(trend: readonly TrendPoint[]): TrendPoint | null {
  let best: TrendPoint | null = null
  for (const p of trend) if (p.total_views > 0 && (!best || p.total_views > best.total_views)) best = p
  return best
}

/** Share of all views, in percent with one decimal (0 when there were none). */
export const shareOf = (views: number, total: number): number => (total > 0 ? Math.round((views / total) * 1000) / 10 : 0)

/** The trend as chart points: a short day on the axis, the full day in the tooltip and the table. */
export function trendPoints(trend: readonly TrendPoint[], lang: string): SeriesPoint[] {
  return trend.map((p) => ({
    label: formatDay(p.date, lang),
    fullLabel: formatDay(p.date, lang, true),
    date: p.date,
    values: { total_views: p.total_views, unique_visitors: p.unique_visitors },
  }))
}
