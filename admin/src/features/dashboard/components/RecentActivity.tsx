import { Badge, Card, Group, List, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatRelative } from '../../../shared/i18n/format'
import { useRecordNames } from '../../../shared/i18n/records'
import { recordLink } from '../../../shared/logic/recordLink'
import { dashboardQueries } from '../api'
import { AnchorLink } from '../../../shared/ui/links'

/** The newest audit entries of the site, by the record's name, each linking to its record when it still has one. */
export function RecentActivity({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('dashboard')
  const activity = useQuery(dashboardQueries.activity(siteId))
  const { actionLabel, recordName } = useRecordNames()
  return (
    <Card withBorder component="section" aria-labelledby="activity-heading">
      <Title order={2} size="h4" id="activity-heading" mb="xs">
        {t('activity')}
      </Title>
      {activity.data && activity.data.data.length === 0 && <Text c="dimmed">{t('activityEmpty')}</Text>}
      <List listStyleType="none" spacing="xs">
        {activity.data?.data.map((entry) => {
          const link = recordLink(entry.entity_type, entry.entity_id, entry.action)
          const text = recordName(entry)
          return (
            <List.Item key={entry.id}>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm">
                  {actionLabel(entry.action)}
                </Badge>
                {link?.recordId ? (
                  <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: link.area, recordId: link.recordId }}>
                    {text}
                  </AnchorLink>
                ) : link ? (
                  <AnchorLink to="/sites/$siteId/$area" params={{ siteId, area: link.area }}>
                    {text}
                  </AnchorLink>
                ) : (
                  <Text size="sm">{text}</Text>
                )}
                <Text size="xs" c="dimmed" component="time" dateTime={entry.created_at}>
                  {formatRelative(entry.created_at, i18n.language)}
                </Text>
              </Group>
            </List.Item>
          )
        })}
      </List>
    </Card>
  )
}
