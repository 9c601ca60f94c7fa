import { Badge, Button, Stack, Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime } from '../../shared/i18n/format'
import { can } from '../../shared/logic/access'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { DataTable } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { memberQueries, useSetSystemRole, type IdpUser } from './api'
import { displayName } from './people'
import '../../shared/ui/ops.css'

/** Everyone the identity provider knows (who has signed in); system administrators may grant or take back that status. */
export function IdentityUsersScreen() {
  const { t, i18n } = useTranslation('members')
  const me = useQuery(sharedQueries.me())
  const allowed = can(me.data, 'idp.list')
  const users = useInfiniteQuery({ ...memberQueries.idpUsers(), enabled: allowed })
  const setRole = useSetSystemRole()
  const mayChange = can(me.data, 'idp.setRole')
  const [changing, setChanging] = useState<IdpUser | null>(null)
  const name = changing ? displayName(changing) : ''
  return (
    <Stack gap="lg">
      <ScreenHeader title={t('identity.title')} />
      {me.data && !allowed && <Text>{t('identity.noRights')}</Text>}
      {users.isError && <ProblemAlert error={users.error} need="anyAdmin" />}
      {users.data && (
        <DataTable
          label={t('identity.tableLabel')}
          rows={users.data.pages.flatMap((p) => p.data)}
          rowKey={(u) => u.id}
          striped
          columns={[
            { key: 'name', header: t('identity.name'), cell: (u) => displayName(u) },
            { key: 'email', header: t('identity.email'), cell: (u) => u.email ?? '—' },
            {
              key: 'last',
              header: t('identity.lastSignIn'),
              cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at, i18n.language) : t('identity.never')),
            },
            {
              key: 'admin',
              header: t('identity.systemAdmin'),
              cell: (u) =>
                mayChange ? (
                  // The visible label stays short (a phone's card has no room for the name); the name is in the accessible one.
                  <Button
                    size="xs"
                    variant={u.is_system_admin ? 'light' : 'default'}
                    aria-pressed={u.is_system_admin}
                    aria-label={u.is_system_admin ? t('identity.removeAdmin', { name: displayName(u) }) : t('identity.makeAdmin', { name: displayName(u) })}
                    onClick={() => setChanging(u)}
                  >
                    {u.is_system_admin ? t('identity.removeAdminShort') : t('identity.makeAdminShort')}
                  </Button>
                ) : (
                  <Badge variant="light" color={u.is_system_admin ? 'grape' : 'gray'}>
                    {u.is_system_admin ? t('identity.yes') : t('identity.no')}
                  </Badge>
                ),
            },
          ]}
        />
      )}
      {users.hasNextPage && (
        <Button variant="subtle" onClick={() => void users.fetchNextPage()} loading={users.isFetchingNextPage}>
          {t('add.more')}
        </Button>
      )}
      <ConfirmModal
        opened={changing !== null}
        title={changing?.is_system_admin ? t('identity.unadminTitle', { name }) : t('identity.adminTitle', { name })}
        confirmLabel={t('identity.confirm')}
        destructive={false}
        onClose={() => (setChanging(null), setRole.reset())}
        busy={setRole.isPending}
        error={setRole.error}
        need="systemAdmin"
        onConfirm={() =>
          changing && setRole.mutate({ id: changing.id, role: changing.is_system_admin ? 'User' : 'SystemAdmin' }, { onSuccess: () => setChanging(null) })
        }
      >
        <Text size="sm">{changing?.is_system_admin ? t('identity.unadminText', { name }) : t('identity.adminText', { name })}</Text>
      </ConfirmModal>
    </Stack>
  )
}
