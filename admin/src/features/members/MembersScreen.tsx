import { Button, Select, Stack, Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime } from '../../shared/i18n/format'
import { ASSIGNABLE_ROLES, can, memberActions } from '../../shared/logic/access'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { ScreenStatus } from '../../shared/ui/crud'
import { DataTable, type Column, type RowAction } from '../../shared/ui/DataTable'
import { DeleteIcon, OwnerIcon } from '../../shared/ui/icons'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SearchField } from '../../shared/ui/SearchField'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { memberQueries, useMemberMutations, type AssignableRole, type Member } from './api'
import { AddByIdentity } from './AddByIdentity'
import { AddForm } from './AddForm'
import { candidates, displayName } from './people'
import '../../shared/ui/ops.css'

/** The site's members and their roles; adding people from the identity provider; role changes, removal, ownership. */
export function MembersScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('members')
  const me = useQuery(sharedQueries.me())
  const manage = can(me.data, 'members.manage', siteId)
  const members = useQuery({ ...memberQueries.list(siteId), enabled: manage })
  const m = useMemberMutations(siteId)
  const [removing, setRemoving] = useState<Member | null>(null)
  const [transferring, setTransferring] = useState<Member | null>(null)
  const [notice, setNotice] = useState('')
  const title = t('title')
  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={title} />
      <ScreenStatus notice={notice} loadError={null} />
      {me.data && !manage && <Text>{t('readOnly')}</Text>}
      {members.isError && <ProblemAlert error={members.error} need="siteAdmin" />}
      {members.data && members.data.length > 0 && (
        <MemberTable siteId={siteId} members={members.data} onNotice={setNotice} onRemove={setRemoving} onTransfer={setTransferring} />
      )}
      {members.data?.length === 0 && <Text>{t('empty')}</Text>}
      {manage && members.data && <AddMember siteId={siteId} members={members.data} onAdded={setNotice} />}
      {manage && members.data && <AddByIdentity siteId={siteId} onAdded={setNotice} />}
      <RoleLegend />

      <ConfirmModal
        opened={removing !== null}
        title={t('removeTitle', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('removeConfirm')}
        destructive={false}
        onClose={() => (setRemoving(null), m.remove.reset())}
        busy={m.remove.isPending}
        error={m.remove.error}
        need="siteAdmin"
        onConfirm={() => removing && m.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">{t('removeText', { name: removing ? displayName(removing) : '' })}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={transferring !== null}
        title={t('transferTitle', { name: transferring ? displayName(transferring) : '' })}
        confirmLabel={t('transferConfirm')}
        onClose={() => (setTransferring(null), m.transfer.reset())}
        busy={m.transfer.isPending}
        error={m.transfer.error}
        need="siteOwner"
        onConfirm={() => transferring && m.transfer.mutate(transferring.user_id, { onSuccess: () => setTransferring(null) })}
      >
        <Text size="sm">{t('transferText', { name: transferring ? displayName(transferring) : '' })}</Text>
      </ConfirmModal>
    </Stack>
  )
}

function AddMember({ siteId, members, onAdded }: { siteId: string; members: Member[]; onAdded: (text: string) => void }) {
  const { t } = useTranslation('members')
  const users = useInfiniteQuery(memberQueries.idpUsers())
  const { add } = useMemberMutations(siteId)
  const [query, setQuery] = useState('')
  const [userId, setUserId] = useState<string | null>(null)
  const [role, setRole] = useState<AssignableRole>('Author')
  useUnsavedEdits(userId !== null)
  const options = useMemo(() => candidates(users.data?.pages.flatMap((p) => p.data) ?? [], members, query), [users.data, members, query])
  const chosen = options.find((u) => u.id === userId)
  // The same array until the people or the query change: with no value yet, Mantine's Select forgets the option the
  // arrow keys picked whenever its data is a new array, and Enter then submitted the form instead of choosing it.
  const personData = useMemo(() => options.map((u) => ({ value: u.id, label: u.email && u.name ? `${u.name} (${u.email})` : displayName(u) })), [options])
  return (
    <AddForm
      way="add"
      role={role}
      onRole={setRole}
      busy={add.isPending}
      disabled={!chosen}
      onSubmit={() => {
        if (!chosen) return
        add.mutate(
          { user_id: chosen.id, role },
          {
            onSuccess: () => {
              onAdded(t('add.added', { name: displayName(chosen), role: t(`roles.${role}`) }))
              setUserId(null)
              setQuery('')
            },
          },
        )
      }}
      after={
        <>
          {users.hasNextPage && (
            <Button variant="subtle" size="xs" mt="xs" onClick={() => void users.fetchNextPage()} loading={users.isFetchingNextPage}>
              {t('add.more')}
            </Button>
          )}
          <ProblemAlert error={users.error ?? add.error} need="siteAdmin" />
        </>
      }
    >
      <SearchField label={t('add.search')} placeholder={t('add.searchPlaceholder')} value={query} onChange={setQuery} />
      <Select
        label={t('person')}
        data={personData}
        value={chosen ? chosen.id : null}
        onChange={setUserId}
        nothingFoundMessage={t('add.none')}
        searchable
        required
      />
    </AddForm>
  )
}

function RoleLegend() {
  const { t } = useTranslation('members')
  return (
    <dl className="ops-legend">
      {(['Owner', ...ASSIGNABLE_ROLES] as const).map((r) => (
        <div key={r}>
          <dt>{t(`roles.${r}`)}</dt>
          <dd>{t(`roleHints.${r}`)}</dd>
        </div>
      ))}
    </dl>
  )
}

interface TableProps {
  siteId: string
  members: Member[]
  onNotice: (text: string) => void
  onRemove: (m: Member) => void
  onTransfer: (m: Member) => void
}

function MemberTable({ siteId, members, onNotice, onRemove, onTransfer }: TableProps) {
  const { t, i18n } = useTranslation('members')
  const me = useQuery(sharedQueries.me())
  const { changeRole } = useMemberMutations(siteId)
  const allowed = (member: Member) => memberActions(me.data, siteId, member)
  const columns: Column<Member>[] = [
    {
      key: 'person',
      header: t('person'),
      rowHeader: true,
      cell: (member) => (
        <>
          {displayName(member)}
          {member.email && member.name && (
            <Text size="xs" c="dimmed">
              {member.email}
            </Text>
          )}
          {!member.email && !member.name && (
            <Text size="xs" c="dimmed">
              {t('notSignedIn')}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'role',
      header: t('role'),
      cell: (member) => {
        const name = displayName(member)
        return allowed(member).changeRole ? (
          <Select
            aria-label={t('roleOf', { name })}
            size="xs"
            w={140}
            allowDeselect={false}
            data={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={member.role}
            // Read-only, not disabled, while saving: a disabled select would drop the keyboard focus.
            readOnly={changeRole.isPending}
            onChange={(role) =>
              role &&
              changeRole.mutate(
                { id: member.id, body: { role: role as AssignableRole }, etag: undefined },
                { onSuccess: () => onNotice(t('changed', { name, role: t(`roles.${role as AssignableRole}`) })) },
              )
            }
          />
        ) : (
          t(`roles.${member.role}`)
        )
      },
    },
    { key: 'since', header: t('since'), nowrap: true, cell: (member) => formatDateTime(member.created_at, i18n.language) },
  ]
  const actions: RowAction<Member>[] = [
    {
      key: 'owner',
      label: t('makeOwnerShort'),
      name: (member) => t('makeOwner', { name: displayName(member) }),
      icon: OwnerIcon,
      onClick: onTransfer,
      hidden: (member) => !allowed(member).makeOwner,
    },
    {
      key: 'remove',
      label: t('removeShort'),
      name: (member) => t('remove', { name: displayName(member) }),
      icon: DeleteIcon,
      onClick: onRemove,
      hidden: (member) => !allowed(member).remove,
      danger: true,
    },
  ]
  return (
    <>
      <DataTable label={t('tableLabel')} rows={members} rowKey={(member) => member.id} columns={columns} actions={actions} striped />
      <ProblemAlert error={changeRole.error} need="siteAdmin" />
    </>
  )
}
