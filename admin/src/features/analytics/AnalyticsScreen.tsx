import { Alert, Button, Select, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { analyticsQueries, useAggregate } from './api'
import { AnalyticsReport } from './AnalyticsReport'
import { DAY_OPTIONS, DEFAULT_DAYS, type AnalyticsSearch } from './report'
import './analytics.css'

interface Props {
  siteId: string
  search: AnalyticsSearch
  onSearch: (next: AnalyticsSearch) => void
}

/** Views and unique visitors over a chosen period (chart and table), top content, and "aggregate now" for Admins. */
export function AnalyticsScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('analytics')
  const me = useQuery(sharedQueries.me())
  const days = search.days ?? DEFAULT_DAYS
  const report = useQuery(analyticsQueries.report(siteId, days))
  const isAdmin = atLeast(siteLevel(me.data, siteId), 'Admin')
  const title = t('title')

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title}>
        <Select
          label={t('period')}
          data={DAY_OPTIONS.map((d) => ({ value: String(d), label: t(`days.${d}`) }))}
          value={String(days)}
          onChange={(v) => onSearch(v && Number(v) !== DEFAULT_DAYS ? { days: Number(v) } : {})}
          allowDeselect={false}
          w={200}
        />
      </ScreenHeader>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {report.isError ? (
        <ProblemAlert error={report.error} title={t('loadFailed')} />
      ) : !report.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <AnalyticsReport report={report.data} busy={report.isFetching} />
      )}
      {isAdmin && <AggregateNow siteId={siteId} />}
    </Stack>
  )
}

/** Rolls raw pageviews into daily statistics now (Admins; a daily job does it too). */
function AggregateNow({ siteId }: { siteId: string }) {
  const { t } = useTranslation('analytics')
  const aggregate = useAggregate(siteId)
  return (
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
  )
}
