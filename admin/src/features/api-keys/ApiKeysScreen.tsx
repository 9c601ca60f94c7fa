import { Badge, NumberInput, Pagination, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime } from '../../shared/i18n/format'
import { can, canManageKey, grantableLevels, keyCreationCap } from '../../shared/logic/access'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { ScreenStatus } from '../../shared/ui/crud'
import { DataTable, type Column, type RowAction } from '../../shared/ui/DataTable'
import { focusWhenLost } from '../../shared/ui/focus'
import { BlockIcon, RevokeIcon, UnblockIcon } from '../../shared/ui/icons'
import { AnchorLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { NeedNote, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { DescriptionField, SecretForm } from '../../shared/ui/SecretForm'
import { useUncachedCall } from '../../shared/ui/useUncachedCall'
import { toFormError } from '../../shared/logic/errors'
import { createKey, keyQueries, useKeyActions, type ApiKey } from './api'
import { KEY_PERMISSIONS, KEY_STATUSES, keyTransitions, type KeyPermission, type KeySearch } from './search'
import '../../shared/ui/ops.css'

interface Props {
  siteId: string
  search: KeySearch
  onSearch: (next: KeySearch) => void
}

const STATUS_COLOR = { Active: 'green', Blocked: 'orange', Revoked: 'red', Expired: 'gray' } as const

/** The keys of the site (or of every site the caller manages), filtered in the URL; create, block, unblock, revoke. */
export function ApiKeysScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('api-keys')
  const me = useQuery(sharedQueries.me())
  const allowed = can(me.data, 'keys.manage')
  const list = useQuery({ ...keyQueries.list(siteId, search), enabled: allowed })
  const actions = useKeyActions()
  const [blocking, setBlocking] = useState<ApiKey | null>(null)
  const [reason, setReason] = useState('')
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const [notice, setNotice] = useState('')
  const title = t('title')
  const pages = list.data ? Math.max(1, list.data.meta.total_pages) : 1

  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={title} />
      <ScreenStatus notice={notice} loadError={null} />
      {me.data && !allowed && <NeedNote need="anyAdmin" />}
      {allowed && <CreateKeyForm siteId={siteId} />}
      {allowed && <KeyFilters search={search} onSearch={onSearch} />}
      {list.isError && <ProblemAlert error={list.error} need="anyAdmin" />}
      {list.data && list.data.data.length === 0 && <Text>{t('empty')}</Text>}
      {list.data && list.data.data.length > 0 && (
        <KeyTable
          siteId={siteId}
          keys={list.data.data}
          busy={list.isFetching}
          onBlock={(k) => (setReason(''), setBlocking(k))}
          onRevoke={setRevoking}
          onNotice={setNotice}
        />
      )}
      {pages > 1 && (
        <nav aria-label={t('filters')}>
          <Pagination
            total={pages}
            value={search.page ?? 1}
            onChange={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
            getItemProps={(p) => ({ 'aria-label': t('pageN', { page: p }) })}
          />
        </nav>
      )}

      <ConfirmModal
        opened={blocking !== null}
        title={t('blockTitle', { name: blocking?.name ?? '' })}
        confirmLabel={t('blockConfirm')}
        destructive={false}
        onClose={() => (setBlocking(null), actions.block.reset())}
        busy={actions.block.isPending}
        error={actions.block.error}
        need="anyAdmin"
        extra={
          <Textarea
            label={t('reason')}
            description={t('reasonHint')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
        }
        onConfirm={() =>
          blocking &&
          actions.block.mutate(
            { id: blocking.id, reason: reason.trim() },
            { onSuccess: () => (setNotice(t('done.block', { name: blocking.name })), setBlocking(null)) },
          )
        }
      >
        <Text size="sm">{t('blockText')}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={revoking !== null}
        title={t('revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('revokeConfirm')}
        onClose={() => (setRevoking(null), actions.revoke.reset())}
        busy={actions.revoke.isPending}
        error={actions.revoke.error}
        need="anyAdmin"
        onConfirm={() =>
          revoking &&
          actions.revoke.mutate(revoking.id, {
            onSuccess: () => {
              setNotice(t('done.revoke', { name: revoking.name }))
              setRevoking(null)
              // The dialog gives focus back to the Revoke button, which goes with the key's new status: then its usage link.
              focusWhenLost(() => document.querySelector<HTMLElement>(`[data-row-key="${revoking.id}"] a`))
            },
          })
        }
      >
        <Text size="sm">{t('revokeText')}</Text>
      </ConfirmModal>
    </Stack>
  )
}

interface Created {
  name: string
  key: string
}

/** The new key's plaintext lives only in this component's state until "I have copied it" (never cached or stored). */
function CreateKeyForm({ siteId }: { siteId: string }) {
  const { t } = useTranslation('api-keys')
  const me = useQuery(sharedQueries.me())
  const { invalidate } = useKeyActions()
  const levels = grantableLevels(me.data, siteId)
  const cap = keyCreationCap(me.data, siteId)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [permission, setPermission] = useState<KeyPermission>('Read')
  const [rate, setRate] = useState<number | ''>('')
  const [expires, setExpires] = useState('')
  const { busy, error, run } = useUncachedCall(createKey)
  const [created, setCreated] = useState<Created | null>(null)
  // A new key shown once counts as unsaved too: leaving before it is copied loses it for good.
  useUnsavedEdits(created !== null || name !== '' || description !== '' || rate !== '' || expires !== '')
  const nameField = useRef<HTMLInputElement>(null)
  const fieldErrors = error ? toFormError(error, { fieldOrder: ['name', 'description', 'permission', 'rate_limit_per_minute', 'expires_at'] }).fieldErrors : {}

  const submit = () => {
    if (name.trim() === '') return
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      permission,
      site_id: siteId,
      ...(rate !== '' ? { rate_limit_per_minute: rate } : {}),
      ...(expires ? { expires_at: new Date(`${expires}T23:59:59`).toISOString() } : {}),
    }
    void run(body, (key) => {
      setCreated({ name: key.name, key: key.key })
      setName('')
      setDescription('')
      setRate('')
      setExpires('')
      void invalidate()
    })
  }

  return (
    <SecretForm
      id="create-key"
      title={t('create.title')}
      secret={created?.key ?? null}
      secretLabel={t('create.secretLabel')}
      onDone={() => (setCreated(null), focusWhenLost(() => nameField.current))}
      blocked={levels.length === 0 ? <Text>{t('create.noCap')}</Text> : undefined}
      onSubmit={submit}
      submitLabel={t('create.submit')}
      busy={busy}
    >
      <TextInput
        ref={nameField}
        label={t('create.name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={200}
        error={fieldErrors.name}
      />
      <DescriptionField label={t('create.description')} value={description} onChange={setDescription} error={fieldErrors.description} />
      <Select
        label={t('create.permission')}
        description={t('create.cap', { cap: cap ? t(`permissions.${cap}`) : '' })}
        data={levels.map((l) => ({ value: l, label: `${t(`permissions.${l}`)} — ${t(`permissionHints.${l}`)}` }))}
        value={permission}
        allowDeselect={false}
        onChange={(v) => v && setPermission(v)}
        error={fieldErrors.permission}
      />
      <NumberInput
        label={t('create.rateLimit')}
        description={t('create.rateLimitHint')}
        min={1}
        value={rate}
        onChange={(v) => setRate(typeof v === 'number' ? v : '')}
        error={fieldErrors.rate_limit_per_minute}
      />
      <TextInput
        type="date"
        label={t('create.expires')}
        description={t('create.expiresHint')}
        value={expires}
        onChange={(e) => setExpires(e.currentTarget.value)}
        error={fieldErrors.expires_at}
      />
      <ProblemAlert error={error} need="anyAdmin" fieldOrder={['name', 'description', 'permission', 'rate_limit_per_minute', 'expires_at']} />
    </SecretForm>
  )
}

function KeyFilters({ search, onSearch }: Pick<Props, 'search' | 'onSearch'>) {
  const { t } = useTranslation('api-keys')
  return (
    <form role="search" aria-label={t('filters')} className="ops-filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label={t('status')}
        data={[{ value: '', label: t('any') }, ...KEY_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
        value={search.status ?? ''}
        allowDeselect={false}
        onChange={(v) => onSearch({ ...search, status: KEY_STATUSES.find((s) => s === v), page: undefined })}
      />
      <Select
        label={t('permission')}
        data={[{ value: '', label: t('any') }, ...KEY_PERMISSIONS.map((p) => ({ value: p, label: t(`permissions.${p}`) }))]}
        value={search.permission ?? ''}
        allowDeselect={false}
        onChange={(v) => onSearch({ ...search, permission: KEY_PERMISSIONS.find((p) => p === v), page: undefined })}
      />
      <Select
        label={t('scope')}
        data={[
          { value: 'site', label: t('scopeSite') },
          { value: 'all', label: t('scopeAll') },
        ]}
        value={search.scope ?? 'site'}
        allowDeselect={false}
        onChange={(v) => onSearch({ ...search, scope: v === 'all' ? 'all' : undefined, page: undefined })}
      />
    </form>
  )
}

function KeyTable({
  siteId,
  keys,
  busy,
  onBlock,
  onRevoke,
  onNotice,
}: {
  siteId: string
  keys: ApiKey[]
  busy: boolean
  onBlock: (k: ApiKey) => void
  onRevoke: (k: ApiKey) => void
  onNotice: (text: string) => void
}) {
  const { t, i18n } = useTranslation('api-keys')
  const me = useQuery(sharedQueries.me())
  const actions = useKeyActions()
  const allowed = (k: ApiKey, to: 'block' | 'unblock' | 'revoke') => canManageKey(me.data, k) && keyTransitions(k.status)[to]
  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortValue: (k) => k.name,
      cell: (k) => (
        <>
          <AnchorLink to="/sites/$siteId/api-keys/$keyId" params={{ siteId, keyId: k.id }} aria-label={t('usage', { name: k.name })}>
            {k.name}
          </AnchorLink>
          {k.site_id === null && (
            <Text size="xs" c="dimmed">
              {t('unscoped')}
            </Text>
          )}
        </>
      ),
    },
    { key: 'prefix', header: t('columns.prefix'), nowrap: true, cell: (k) => <span className="ops-mono">{k.key_prefix}…</span> },
    { key: 'permission', header: t('columns.permission'), sortValue: (k) => k.permission, cell: (k) => t(`permissions.${k.permission}`) },
    {
      key: 'status',
      header: t('columns.status'),
      sortValue: (k) => k.status,
      cell: (k) => (
        <>
          <Badge variant="light" color={STATUS_COLOR[k.status]}>
            {t(`statuses.${k.status}`)}
          </Badge>
          {k.status === 'Blocked' && k.block_reason && (
            <Text size="xs" c="dimmed">
              {t('blockedBecause', { reason: k.block_reason })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'lastUsed',
      header: t('columns.lastUsed'),
      sortValue: (k) => k.last_used_at,
      cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at, i18n.language) : t('never')),
    },
    { key: 'created', header: t('columns.created'), sortValue: (k) => k.created_at, cell: (k) => formatDateTime(k.created_at, i18n.language) },
  ]
  const rowActions: RowAction<ApiKey>[] = [
    {
      key: 'block',
      label: t('short.block'),
      name: (k) => t('block', { name: k.name }),
      icon: BlockIcon,
      onClick: onBlock,
      hidden: (k) => !allowed(k, 'block'),
    },
    {
      key: 'unblock',
      label: t('short.unblock'),
      name: (k) => t('unblock', { name: k.name }),
      icon: UnblockIcon,
      hidden: (k) => !allowed(k, 'unblock'),
      busy: (k) => actions.unblock.isPending && actions.unblock.variables === k.id,
      onClick: (k) => actions.unblock.mutate(k.id, { onSuccess: () => onNotice(t('done.unblock', { name: k.name })) }),
    },
    {
      key: 'revoke',
      label: t('short.revoke'),
      name: (k) => t('revoke', { name: k.name }),
      icon: RevokeIcon,
      onClick: onRevoke,
      hidden: (k) => !allowed(k, 'revoke'),
      danger: true,
    },
  ]
  return (
    <>
      <DataTable label={t('tableLabel')} busy={busy} rows={keys} rowKey={(k) => k.id} columns={columns} actions={rowActions} striped />
      <ProblemAlert error={actions.unblock.error} need="anyAdmin" />
    </>
  )
}
