import { Alert, Button, Card, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { analyticsQueries, useAggregate } from './api'
import { DAY_OPTIONS, DEFAULT_DAYS, formatCount, formatDay, peakDay, shareOf, type AnalyticsSearch } from './report'
import './analytics.css'

// The charting library loads only when a chart is shown, in a chunk of its own.
const TrafficChart = lazy(() => import('./TrafficChart'))

interface Props {
  siteId: string
  search: AnalyticsSearch
  onSearch: (next: AnalyticsSearch) => void
}

/** Views and unique visitors over a chosen period (chart and table), top content, and "aggregate now" for Admins. */
// eslint-disable-next-line max-lines-per-function -- to be split into components (noted in the issue)
export function AnalyticsScreen({ siteId, search, onSearch }: Props) {
  const { t, i18n } = useTranslation('analytics')
  const lang = i18n.language
  const site = useQuery(sharedQueries.site(siteId))
  const me = useQuery(sharedQueries.me())
  const days = search.days ?? DEFAULT_DAYS
  const report = useQuery(analyticsQueries.report(siteId, days))
  const aggregate = useAggregate(siteId)
  const isAdmin = atLeast(siteLevel(me.data, siteId), 'Admin')
  const title = t('title')
  const r = report.data
  const trend = r?.trend ?? []
  const peak = peakDay(trend)
  const first = trend[0]
  const last = trend[trend.length - 1]
  const chartLabel =
    r && first && last
      ? `${t('chartLabel', { from: formatDay(first.date, lang, true), to: formatDay(last.date, lang, true), views: formatCount(r.total_views, lang), visitors: formatCount(r.total_unique_visitors, lang) })} ${
          peak ? t('chartPeak', { day: formatDay(peak.date, lang, true), views: formatCount(peak.total_views, lang) }) : t('chartEmpty')
        }`
      : ''

  return (
    <Stack gap="md">
      <div className="analytics-header">
        <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
        <Select
          label={t('period')}
          data={DAY_OPTIONS.map((d) => ({ value: String(d), label: t(`days.${d}`) }))}
          value={String(days)}
          onChange={(v) => onSearch(v && Number(v) !== DEFAULT_DAYS ? { days: Number(v) } : {})}
          allowDeselect={false}
          w={200}
        />
      </div>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>

      {report.isError ? (
        <ProblemAlert error={report.error} title={t('loadFailed')} />
      ) : !r ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <>
          <div className="analytics-totals" aria-busy={report.isFetching || undefined}>
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

          <Card withBorder component="section" aria-labelledby="trend-heading">
            <Title order={2} size="h4" id="trend-heading" mb="xs">
              {t('trend')}
            </Title>
            <Suspense fallback={<Text role="status">{t('loadingChart')}</Text>}>
              <TrafficChart trend={trend} lang={lang} label={chartLabel} names={{ views: t('columns.views'), visitors: t('columns.visitors') }} />
            </Suspense>
            <details>
              <summary>{t('tableToggle')}</summary>
              <div className="analytics-table-wrap">
                <Table>
                  <caption className="visually-hidden">{t('tableCaption')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('columns.date')}</Table.Th>
                      <Table.Th scope="col" className="analytics-num">
                        {t('columns.views')}
                      </Table.Th>
                      <Table.Th scope="col" className="analytics-num">
                        {t('columns.visitors')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {trend.map((p) => (
                      <Table.Tr key={p.date}>
                        <Table.Th scope="row" fw={400}>
                          <time dateTime={p.date}>{formatDay(p.date, lang, true)}</time>
                        </Table.Th>
                        <Table.Td className="analytics-num">{formatCount(p.total_views, lang)}</Table.Td>
                        <Table.Td className="analytics-num">{formatCount(p.unique_visitors, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </details>
          </Card>

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
                        <Table.Td className="analytics-num">{new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(shareOf(c.total_views, r.total_views) / 100)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
          </Card>

          <Card withBorder component="section" aria-labelledby="referrers-heading">
            <Title order={2} size="h4" id="referrers-heading" mb="xs">
              {t('referrers')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('referrersNone')}
            </Text>
          </Card>
        </>
      )}

      {isAdmin && (
        <Stack gap="xs" align="flex-start">
          <Button variant="default" loading={aggregate.isPending} onClick={() => aggregate.mutate()}>
            {t('aggregate')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('aggregateHint')}
          </Text>
          {aggregate.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {t('aggregated', { count: aggregate.data.rows_affected })}
            </Alert>
          )}
          {aggregate.isError && <ProblemAlert error={aggregate.error} title={t('aggregateFailed')} />}
        </Stack>
      )}
    </Stack>
  )
}
