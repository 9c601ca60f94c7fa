import { ActionIcon, Indicator, Menu, Text, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../shared/api/queries'
import { getCredential } from '../shared/auth/session'
import { formatRelative } from '../shared/i18n/format'
import { recordLink } from '../shared/logic/recordLink'

/** Review notifications are addressed to identity-provider users: the bell shows for JWT sign-ins only. */
export function NotificationsBell({ siteId }: { siteId: string }) {
  const jwt = getCredential()?.kind === 'oidc'
  if (!jwt) return null
  return <Bell siteId={siteId} />
}

function Bell({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('shell')
  const unread = useQuery(sharedQueries.unreadCount(siteId))
  const list = useQuery({ ...sharedQueries.notifications(siteId), enabled: false })
  const count = unread.data?.unread_count ?? 0
  const label = count > 0 ? t('notificationsUnread', { count }) : t('notifications')
  const navigate = useNavigate()
  // Each notification opens its record; the notifications page (features/notifications) marks read and lists them all.
  const open = (n: { entity_type: string; entity_id: string }) => {
    const link = recordLink(n.entity_type, n.entity_id)
    if (link?.recordId) void navigate({ to: '/sites/$siteId/$area/$recordId', params: { siteId, area: link.area, recordId: link.recordId } })
    else if (link) void navigate({ to: '/sites/$siteId/$area', params: { siteId, area: link.area } })
  }
  return (
    <Menu position="bottom-end" width={320} onOpen={() => void list.refetch()}>
      <Menu.Target>
        <Tooltip label={label}>
          <Indicator label={count} size={16} disabled={count === 0}>
            <ActionIcon variant="default" size="lg" aria-label={label}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
                <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
              </svg>
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(list.data?.data ?? []).length === 0 && <Menu.Label>{t('noNotifications')}</Menu.Label>}
        {(list.data?.data ?? []).map((n) => (
          <Menu.Item key={n.id} fw={n.is_read ? 400 : 700} onClick={() => open(n)}>
            <Text size="sm">{n.title}</Text>
            <Text size="xs" c="dimmed">
              {formatRelative(n.created_at, i18n.language)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate({ to: '/notifications', search: { site: siteId } })}>{t('notifications')} →</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
