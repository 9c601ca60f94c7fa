import type { Schemas } from '@atrium-cms/client'
import { Card, List, Progress, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { dashboardQueries } from '../api'

interface Props {
  siteId: string
  site: Schemas['Site'] | undefined
  settings: Schemas['SiteSettings'] | undefined
  postCount: number | undefined
}

/** The first steps of a new site; hidden once all are done. A step the caller may not check (keys) counts as not done. */
export function SetupChecklist({ siteId, site, settings, postCount }: Props) {
  const { t } = useTranslation('dashboard')
  const locales = useQuery(sharedQueries.locales(siteId))
  const keys = useQuery(dashboardQueries.readKeys(siteId))
  if (!site || !settings || postCount === undefined || !locales.data) return null
  const steps = [
    { id: 'locales', done: locales.data.length > 1 },
    { id: 'url', done: site.url !== null && site.url !== '' },
    { id: 'timezone', done: settings.timezone !== 'UTC' },
    { id: 'key', done: (keys.data?.meta.total ?? 0) > 0 },
    { id: 'post', done: postCount > 0 },
  ]
  const done = steps.filter((s) => s.done).length
  if (done === steps.length) return null
  return (
    <Card withBorder component="section" aria-labelledby="setup-heading">
      <Title order={2} size="h4" id="setup-heading">
        {t('checklist')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs" id="setup-progress">
        {t('checklistProgress', { done, total: steps.length })}
      </Text>
      <Progress value={(done / steps.length) * 100} mb="sm" aria-label={t('checklist')} />
      <List spacing={4}>
        {steps.map((s) => (
          <List.Item key={s.id}>
            <Text component="span" td={s.done ? 'line-through' : undefined}>
              {t(`steps.${s.id}`)}
            </Text>{' '}
            <Text component="span" size="xs" c="dimmed">
              ({s.done ? t('done') : t('todo')})
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  )
}
