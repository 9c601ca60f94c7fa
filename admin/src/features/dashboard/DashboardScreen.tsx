import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime, formatRelative } from '../../shared/i18n/format'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { dashboardQueries, useStatusCounts } from './api'
import { PostQueue } from './components/PostQueue'
import { RecentActivity } from './components/RecentActivity'
import { SetupChecklist } from './components/SetupChecklist'
import { StatusCounts } from './components/StatusCounts'

/** Counts by status, the In Review queue, what is scheduled (site time zone), recent activity, and set-up for a new site. */
export function DashboardScreen({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('dashboard')
  const site = useQuery(sharedQueries.site(siteId))
  const settings = useQuery(sharedQueries.settings(siteId))
  const counts = useStatusCounts(siteId)
  const inReview = useQuery(dashboardQueries.inReview(siteId))
  const scheduled = useQuery(dashboardQueries.scheduled(siteId))
  const zone = settings.data?.timezone ?? 'UTC'
  const lang = i18n.language

  return (
    <Stack gap="lg">
      <ScreenHeader
        documentTitle={`${t('title')}${site.data ? ` · ${site.data.name}` : ''}`}
        title={
          <>
            {t('title')}
            {site.data && (
              <Text component="span" c="dimmed" fz="lg" fw={400}>
                {' '}
                · {site.data.name}
              </Text>
            )}
          </>
        }
      />
      <StatusCounts siteId={siteId} />
      <SetupChecklist
        siteId={siteId}
        site={site.data}
        settings={settings.data}
        postCount={counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined}
      />
      <div className="grid-panels">
        <PostQueue
          siteId={siteId}
          id="review-heading"
          title={t('inReview')}
          empty={t('inReviewEmpty')}
          posts={inReview.data?.data}
          detail={(b) => (
            <Text size="xs" c="dimmed">
              {formatRelative(b.updated_at, lang)}
            </Text>
          )}
        />
        <PostQueue
          siteId={siteId}
          id="scheduled-heading"
          title={t('scheduled')}
          empty={t('scheduledEmpty')}
          posts={scheduled.data?.data}
          detail={(b) =>
            b.publish_start && (
              <>
                <Text size="sm">{t('scheduledAt', { when: formatDateTime(b.publish_start, lang, zone), zone })}</Text>
                <Text size="xs" c="dimmed">
                  {t('localHint', { when: formatDateTime(b.publish_start, lang) })}
                </Text>
              </>
            )
          }
        />
      </div>
      <RecentActivity siteId={siteId} />
    </Stack>
  )
}
