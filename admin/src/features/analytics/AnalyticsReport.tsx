import type { Schemas } from '@atrium-cms/client'
import { Card, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../shared/ui/DataTable'
import { SeriesChart } from '../../shared/ui/SeriesChart'
import { formatCount, formatDay, peakDay, shareOf, trendPoints } from './report'

type Report = Schemas['AnalyticsReport']

/** A report: its totals, the trend (chart and table), top content and referrers. */
export function AnalyticsReport({ report: r, busy }: { report: Report; busy: boolean }) {
  const { t, i18n } = useTranslation('analytics')
  const lang = i18n.language
  return (
    <>
      <div className="analytics-totals" aria-busy={busy || undefined}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('totalViews')}
          </Text>
          <Text fz="xl" fw={700} data-testid="total-views">
            {formatCount(r.total_views, lang)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('totalVisitors')}
          </Text>
          <Text fz="xl" fw={700} data-testid="total-visitors">
            {formatCount(r.total_unique_visitors, lang)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('visitorsHint')}
          </Text>
        </Card>
      </div>
      <Trend report={r} />
      <TopContent report={r} />
      <Card withBorder component="section" aria-labelledby="referrers-heading">
        <Title order={2} size="h4" id="referrers-heading" mb="xs">
          {t('referrers')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referrersNone')}
        </Text>
      </Card>
    </>
  )
}

/** The chart's name as an image: the period, the totals and the busiest day, so it needs no looking at. */
function useChartSummary(r: Report): string {
  const { t, i18n } = useTranslation('analytics')
  const lang = i18n.language
  const peak = peakDay(r.trend)
  const first = r.trend[0]
  const last = r.trend[r.trend.length - 1]
  if (!first || !last) return ''
  const totals = t('chartLabel', {
    from: formatDay(first.date, lang, true),
    to: formatDay(last.date, lang, true),
    views: formatCount(r.total_views, lang),
    visitors: formatCount(r.total_unique_visitors, lang),
  })
  return `${totals} ${peak ? t('chartPeak', { day: formatDay(peak.date, lang, true), views: formatCount(peak.total_views, lang) }) : t('chartEmpty')}`
}

/** Views and unique visitors per day: a line chart, the same numbers as a table below it. */
function Trend({ report: r }: { report: Report }) {
  const { t, i18n } = useTranslation('analytics')
  const lang = i18n.language
  const summary = useChartSummary(r)
  return (
    <Card withBorder component="section" aria-labelledby="trend-heading">
      <Title order={2} size="h4" id="trend-heading" mb="xs">
        {t('trend')}
      </Title>
      <SeriesChart
        kind="line"
        title={t('tableCaption')}
        summary={summary}
        disclosure={t('tableToggle')}
        points={trendPoints(r.trend, lang)}
        series={[
          { key: 'total_views', label: t('columns.views'), color: 'var(--mantine-color-blue-7)' },
          { key: 'unique_visitors', label: t('columns.visitors'), color: 'var(--mantine-color-orange-8)', dashed: true },
        ]}
        formatValue={(n) => formatCount(n, lang)}
      />
    </Card>
  )
}

/** The most viewed paths of the period, with their share of all views. */
function TopContent({ report: r }: { report: Report }) {
  const { t, i18n } = useTranslation('analytics')
  const lang = i18n.language
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 })
  return (
    <Card withBorder component="section" aria-labelledby="top-heading">
      <Title order={2} size="h4" id="top-heading" mb="xs">
        {t('topContent')}
      </Title>
      <DataTable
        label={t('topContent')}
        rows={r.top_content}
        rowKey={(c) => c.path}
        empty={<Text c="dimmed">{t('topEmpty')}</Text>}
        columns={[
          { key: 'path', header: t('columns.path'), sortValue: (c) => c.path, truncate: (c) => c.path, cell: (c) => <code>{c.path}</code> },
          { key: 'views', header: t('columns.views'), align: 'end', sortValue: (c) => c.total_views, cell: (c) => formatCount(c.total_views, lang) },
          {
            key: 'visitors',
            header: t('columns.visitors'),
            align: 'end',
            sortValue: (c) => c.unique_visitors,
            cell: (c) => formatCount(c.unique_visitors, lang),
          },
          { key: 'share', header: t('columns.share'), align: 'end', cell: (c) => percent.format(shareOf(c.total_views, r.total_views) / 100) },
        ]}
      />
    </Card>
  )
}
