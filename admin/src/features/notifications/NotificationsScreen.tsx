import type { Schemas } from '@atrium-cms/client'
import { Alert, Badge, Button, Group, Pagination, Select, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { getCredential } from '../../shared/auth/session'
import { formatDateTime, formatRelative } from '../../shared/i18n/format'
import { recordLink } from '../../shared/logic/recordLink'
import { focusWhenLost } from '../../shared/ui/focus'
import { AnchorLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { notificationQueries, useMarkRead } from './api'
import type { NotificationsSearch } from './search'
import './notifications.css'
import { currentSiteId } from '../../shared/logic/chosenSite'

interface Props {
  search: NotificationsSearch
  onSearch: (next: NotificationsSearch) => void
}

/** The signed-in user's notifications on one site (chosen in the URL): mark read, mark all read, each linking to its record. */
export function NotificationsScreen({ search, onSearch }: Props) {
  const { t } = useTranslation('notifications')
  const jwt = getCredential()?.kind === 'oidc'
  const sites = useQuery(sharedQueries.sites())
  const title = t('title')
  const siteId = currentSiteId(sites.data, search.site)

  return (
    <Stack gap="md">
      <ScreenHeader title={title} />
      {!jwt ? (
        <Alert color="gray" variant="light">
          {t('jwtOnly')}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
          {sites.data && sites.data.length > 1 && (
            <Select
              label={t('site')}
              data={sites.data.map((s) => ({ value: s.id, label: s.name }))}
              value={siteId ?? null}
              onChange={(v) => v && onSearch({ site: v })}
              allowDeselect={false}
              searchable
              w={320}
            />
          )}
          {sites.isError ? (
            <ProblemAlert error={sites.error} title={t('loadFailed')} />
          ) : !sites.data ? (
            <Text role="status">{t('loading')}</Text>
          ) : !siteId ? (
            <Text>{t('noSites')}</Text>
          ) : (
            <SiteNotifications key={siteId} siteId={siteId} page={search.page ?? 1} onPage={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })} />
          )}
        </>
      )}
    </Stack>
  )
}

function SiteNotifications({ siteId, page, onPage }: { siteId: string; page: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('notifications')
  const list = useQuery(notificationQueries.page(siteId, page))
  const unread = useQuery(sharedQueries.unreadCount(siteId))
  const mark = useMarkRead(siteId)
  const count = unread.data?.unread_count ?? 0
  const pages = Math.max(1, list.data?.meta.total_pages ?? 1)

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="unread-count">
          {count > 0 ? t('unreadCount', { count }) : t('allRead')}
        </Text>
        {/* Dimmed, not disabled, when all is read: a disabled button would drop the keyboard focus it had. */}
        <Button
          variant="default"
          data-disabled={count === 0 || undefined}
          aria-disabled={count === 0 || undefined}
          onClick={() => count > 0 && mark.mutate(null)}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      {mark.isSuccess && mark.variables === null && (
        <Text size="sm" role="status">
          {t('markedAll', { count: mark.data.updated })}
        </Text>
      )}
      {mark.isError && <ProblemAlert error={mark.error} title={t('markFailed')} />}
      {list.isError ? (
        <ProblemAlert error={list.error} title={t('loadFailed')} />
      ) : !list.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : list.data.data.length === 0 ? (
        <Text role="status">{t('empty')}</Text>
      ) : (
        <ul className="notification-list" aria-label={t('title')}>
          {list.data.data.map((n) => (
            <NotificationItem key={n.id} n={n} siteId={siteId} onRead={() => mark.mutate(n.id)} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('pagination')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pageN', { page: p }) })}
          />
        </nav>
      )}
    </Stack>
  )
}

function NotificationItem({ n, siteId, onRead }: { n: Schemas['Notification']; siteId: string; onRead: () => void }) {
  const { t, i18n } = useTranslation('notifications')
  const link = recordLink(n.entity_type, n.entity_id)
  const item = useRef<HTMLLIElement>(null)
  const readFirst = () => {
    if (!n.is_read) onRead()
  }
  // The button goes once the notification is read: focus moves to its link instead of the page's body.
  const markRead = () => {
    focusWhenLost(() => item.current?.querySelector<HTMLElement>('a, button'))
    onRead()
  }
  return (
    <li className="notification" data-read={n.is_read || undefined} ref={item}>
      <div className="notification-main">
        <Group gap="xs">
          {!n.is_read && (
            <Badge size="sm" variant="filled" className="notification-unread">
              {t('unread')}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {t(`types.${n.notification_type}`, { defaultValue: n.notification_type })}
          </Text>
        </Group>
        {link?.recordId ? (
          <AnchorLink
            to="/sites/$siteId/$area/$recordId"
            params={{ siteId, area: link.area, recordId: link.recordId }}
            fw={n.is_read ? 400 : 700}
            onClick={readFirst}
          >
            {n.title}
          </AnchorLink>
        ) : link ? (
          <AnchorLink to="/sites/$siteId/$area" params={{ siteId, area: link.area }} fw={n.is_read ? 400 : 700} onClick={readFirst}>
            {n.title}
          </AnchorLink>
        ) : (
          <Text fw={n.is_read ? 400 : 700}>{n.title}</Text>
        )}
        <Text size="sm">{n.message}</Text>
        <Text size="xs" c="dimmed" component="time" dateTime={n.created_at} title={formatDateTime(n.created_at, i18n.language)}>
          {formatRelative(n.created_at, i18n.language)}
        </Text>
      </div>
      {!n.is_read && (
        <Button size="xs" variant="default" aria-label={t('markReadOf', { title: n.title })} onClick={markRead}>
          {t('markRead')}
        </Button>
      )}
    </li>
  )
}
