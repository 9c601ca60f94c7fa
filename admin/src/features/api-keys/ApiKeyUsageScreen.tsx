import { Badge, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { DataTable } from '../../shared/ui/DataTable'
import { BackLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { SeriesChart } from '../../shared/ui/SeriesChart'
import { keyQueries } from './api'
import { usagePoints } from './search'
import '../../shared/ui/ops.css'

const PERIODS = [7, 30, 90] as const
/** A UTC calendar day, never shifted by the viewer's zone. */
const formatDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

/** One key: what it is, its requests per day by status class (chart with a table alternative), and the latest requests. */
export function ApiKeyUsageScreen({ siteId, keyId }: { siteId: string; keyId: string }) {
  const { t, i18n } = useTranslation('api-keys')
  const [days, setDays] = useState<number>(30)
  const key = useQuery(keyQueries.detail(keyId))
  const daily = useQuery(keyQueries.daily(keyId, days))
  const latest = useQuery(keyQueries.latest(keyId))
  const name = key.data?.name ?? '…'
  const lang = i18n.language
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t('usagePage.title', { name })}
        back={
          <BackLink to="/sites/$siteId/api-keys" params={{ siteId }}>
            {t('usagePage.back')}
          </BackLink>
        }
      />
      {key.isError && <ProblemAlert error={key.error} need="anyAdmin" />}
      {key.data && (
        <Text size="sm">
          <Badge variant="light" mr="xs">
            {t(`statuses.${key.data.status}`)}
          </Badge>
          {t(`permissions.${key.data.permission}`)} · <span className="ops-mono">{key.data.key_prefix}…</span> ·{' '}
          {t('usagePage.rateLimit', { n: key.data.rate_limit_per_minute })}
          {key.data.expires_at && ` · ${t('usagePage.expires', { when: formatDateTime(key.data.expires_at, lang) })}`}
        </Text>
      )}
      <SegmentedControl
        aria-label={t('usagePage.days')}
        value={String(days)}
        onChange={(v) => setDays(Number(v))}
        data={PERIODS.map((n) => ({ value: String(n), label: t('usagePage.daysN', { n }) }))}
      />
      {daily.isError && <ProblemAlert error={daily.error} need="anyAdmin" />}
      {daily.data && (
        <SeriesChart
          title={t('usagePage.chart', { days })}
          points={usagePoints(daily.data, (d) => formatDay(d, lang))}
          series={[
            { key: '2xx', label: '2xx', color: 'var(--mantine-color-green-7)' },
            { key: '3xx', label: '3xx', color: 'var(--mantine-color-blue-6)' },
            { key: '4xx', label: '4xx', color: 'var(--mantine-color-orange-6)' },
            { key: '5xx', label: '5xx', color: 'var(--mantine-color-red-7)' },
          ]}
        />
      )}
      <section aria-labelledby="latest-requests">
        <Title order={2} size="h3" id="latest-requests" mb="xs">
          {t('usagePage.latest')}
        </Title>
        {latest.isError ? (
          <ProblemAlert error={latest.error} need="anyAdmin" />
        ) : (
          <DataTable
            label={t('usagePage.latestLabel')}
            rows={latest.data?.data}
            rowKey={(r) => r.id}
            empty={t('usagePage.noRequests')}
            striped
            columns={[
              { key: 'when', header: t('usagePage.when'), nowrap: true, cell: (r) => formatDateTime(r.created_at, lang) },
              { key: 'method', header: t('usagePage.method'), cell: (r) => r.method },
              { key: 'path', header: t('usagePage.path'), truncate: (r) => r.path, cell: (r) => <span className="ops-mono">{r.path}</span> },
              { key: 'status', header: t('usagePage.statusCode'), cell: (r) => r.status_code },
            ]}
          />
        )}
      </section>
    </Stack>
  )
}
