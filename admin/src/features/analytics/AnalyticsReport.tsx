import type { Schemas } from '@atrium-cms/client'
import { Card, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
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
      {r.top_content.length === 0 ? (
        <Text c="dimmed">{t('topEmpty')}</Text>
      ) : (
        <div className="analytics-table-wrap">
          <Table aria-labelledby="top-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('columns.path')}</Table.Th>
                <Table.Th scope="col" className="analytics-num">
                  {t('columns.views')}
                </Table.Th>
                <Table.Th scope="col" className="analytics-num">
                  {t('columns.visitors')}
                </Table.Th>
                <Table.Th scope="col" className="analytics-num">
                  {t('columns.share')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.top_content.map((c) => (
                <Table.Tr key={c.path}>
                  <Table.Th scope="row" fw={400}>
                    <code>{c.path}</code>
                  </Table.Th>
                  <Table.Td className="analytics-num">{formatCount(c.total_views, lang)}</Table.Td>
                  <Table.Td className="analytics-num">{formatCount(c.unique_visitors, lang)}</Table.Td>
                  <Table.Td className="analytics-num">{percent.format(shareOf(c.total_views, r.total_views) / 100)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  )
}
