import { Badge, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { sharedQueries } from '../../shared/api/queries'
import { can } from '../../shared/logic/access'
import { toFormError } from '../../shared/logic/errors'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { DataTable, Truncate, type Column, type RowAction } from '../../shared/ui/DataTable'
import { focusWhenLost } from '../../shared/ui/focus'
import { DeleteIcon, EditIcon, PauseIcon, ResumeIcon, SendIcon } from '../../shared/ui/icons'
import { AnchorLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { NeedNote, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { DescriptionField, SecretForm } from '../../shared/ui/SecretForm'
import { useUncachedCall } from '../../shared/ui/useUncachedCall'
import { createWebhook, useWebhookActions, webhookQueries, type CreateWebhookBody, type Webhook } from './api'
import { eventsBody, type WebhookEvent } from './events'
import { EventsChoice } from './EventsPicker'
import '../../shared/ui/ops.css'

/** The site's webhooks: create (events picker, secret shown once), pause and resume, send a test, delete, open the log. */
export function WebhooksScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('webhooks')
  const me = useQuery(sharedQueries.me())
  const allowed = can(me.data, 'webhooks.manage', siteId)
  const list = useQuery({ ...webhookQueries.list(siteId), enabled: allowed })
  const actions = useWebhookActions(siteId)
  const [notice, setNotice] = useState('')
  const [removing, setRemoving] = useState<Webhook | null>(null)
  const title = t('title')

  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={title} />
      <Text role="status" size="sm" data-testid="webhook-notice">
        {notice}
      </Text>
      {me.data && !allowed && <NeedNote need="siteAdmin" />}
      {list.isError && <ProblemAlert error={list.error} need="siteAdmin" />}
      {list.data?.data.length === 0 && <Text>{t('empty')}</Text>}
      {list.data && list.data.data.length > 0 && <WebhookTable siteId={siteId} hooks={list.data.data} onNotice={setNotice} onRemove={setRemoving} />}
      {allowed && <CreateWebhookForm siteId={siteId} onCreated={() => void actions.invalidate()} />}
      <ConfirmModal
        opened={removing !== null}
        title={t('removeTitle')}
        confirmLabel={t('removeConfirm')}
        onClose={() => (setRemoving(null), actions.remove.reset())}
        busy={actions.remove.isPending}
        error={actions.remove.error}
        need="siteAdmin"
        onConfirm={() => removing && actions.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">{t('removeText', { url: removing?.url ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  )
}

const FIELDS = ['url', 'description', 'events'] as const

/** The secret lives only in this component's state until "I have copied it" (never cached or stored). */
function CreateWebhookForm({ siteId, onCreated }: { siteId: string; onCreated: () => void }) {
  const { t } = useTranslation('webhooks')
  const create = useCallback((body: CreateWebhookBody) => createWebhook(siteId, body), [siteId])
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [mode, setMode] = useState<'all' | 'chosen'>('all')
  const [chosen, setChosen] = useState<WebhookEvent[]>([])
  const { busy, error, run } = useUncachedCall(create)
  const [secret, setSecret] = useState<string | null>(null)
  const urlField = useRef<HTMLInputElement>(null)
  const [tried, setTried] = useState(false)
  const fieldErrors = error ? toFormError(error, { fieldOrder: FIELDS }).fieldErrors : {}
  const noneChosen = mode === 'chosen' && chosen.length === 0
  // The signing secret shown once counts as unsaved too: leaving before it is copied loses it for good.
  useUnsavedEdits(secret !== null || url !== '' || description !== '' || mode !== 'all')

  const submit = () => {
    setTried(true)
    if (url.trim() === '' || noneChosen) return
    void run({ url: url.trim(), description: description.trim() || null, events: eventsBody(mode, chosen) }, (created) => {
      setSecret(created.secret)
      setUrl('')
      setDescription('')
      setChosen([])
      setMode('all')
      setTried(false)
      onCreated()
    })
  }

  return (
    <SecretForm
      id="create-webhook"
      title={t('create.title')}
      secret={secret}
      secretLabel={t('create.secretLabel')}
      onDone={() => (setSecret(null), focusWhenLost(() => urlField.current))}
      onSubmit={submit}
      submitLabel={t('create.submit')}
      busy={busy}
    >
      <TextInput
        ref={urlField}
        label={t('create.url')}
        description={t('create.urlHint')}
        type="url"
        required
        placeholder="https://example.com/hooks/atrium"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={fieldErrors.url ?? (tried && url.trim() === '' ? t('create.required') : undefined)}
      />
      <DescriptionField label={t('create.description')} value={description} onChange={setDescription} error={fieldErrors.description} />
      <EventsChoice
        mode={mode}
        chosen={chosen}
        onMode={setMode}
        onChosen={setChosen}
        error={fieldErrors.events ?? (tried && noneChosen ? t('create.chooseOne') : undefined)}
      />
      <ProblemAlert error={error} need="siteAdmin" fieldOrder={FIELDS} />
    </SecretForm>
  )
}

function WebhookTable({
  siteId,
  hooks,
  onNotice,
  onRemove,
}: {
  siteId: string
  hooks: Webhook[]
  onNotice: (text: string) => void
  onRemove: (w: Webhook) => void
}) {
  const { t } = useTranslation('webhooks')
  const actions = useWebhookActions(siteId)
  const navigate = useNavigate()
  // The notice is set from the promise, not from mutate's own callbacks: TanStack Query drops those when the calling
  // component re-mounts before the answer, and a CI run saw the test's notice stay empty twice.
  const sendTest = (w: Webhook) =>
    void actions.test
      .mutateAsync(w.id)
      .then((d) =>
        onNotice(
          d.success
            ? t('testOk', { url: w.url, status: d.status_code, ms: d.response_time_ms ?? 0 })
            : t('testFailed', { url: w.url, error: d.error ?? `HTTP ${d.status_code ?? '?'}` }),
        ),
      )
      .catch(() => undefined)
  const setActive = (w: Webhook) => {
    // Pause and Resume are two row actions, one shown at a time: the used one goes, so the focus moves to the other.
    const counterpart = w.is_active ? t('resume', { url: w.url }) : t('pause', { url: w.url })
    focusWhenLost(() => document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(counterpart)}"]`))
    actions.setActive
      .mutateAsync({ id: w.id, is_active: !w.is_active })
      .then(() => onNotice(w.is_active ? t('paused_done', { url: w.url }) : t('resumed_done', { url: w.url })))
      .catch(() => undefined)
  }
  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: t('columns.url'),
      sortValue: (w) => w.url,
      cell: (w) => (
        <>
          <Truncate text={w.url}>
            <AnchorLink to="/sites/$siteId/webhooks/$webhookId" params={{ siteId, webhookId: w.id }} aria-label={t('log', { url: w.url })} className="ops-mono">
              {w.url}
            </AnchorLink>
          </Truncate>
          {w.description && (
            <Text size="xs" c="dimmed" span display="block">
              {w.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'events',
      header: t('columns.events'),
      sortValue: (w) => (w.events.length === 0 ? Infinity : w.events.length),
      cell: (w) => (w.events.length === 0 ? t('allEvents') : <span title={w.events.join(', ')}>{t('nEvents', { count: w.events.length })}</span>),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortValue: (w) => (w.is_active ? 0 : 1),
      nowrap: true,
      cell: (w) => (
        <Badge variant="light" color={w.is_active ? 'green' : 'gray'}>
          {w.is_active ? t('active') : t('paused')}
        </Badge>
      ),
    },
  ]
  const rowActions: RowAction<Webhook>[] = [
    {
      key: 'edit',
      label: t('short.edit'),
      name: (w) => t('edit.link', { url: w.url }),
      icon: EditIcon,
      onClick: (w) => void navigate({ to: '/sites/$siteId/webhooks/$webhookId/edit', params: { siteId, webhookId: w.id } }),
    },
    {
      key: 'test',
      label: t('short.test'),
      name: (w) => t('test', { url: w.url }),
      icon: SendIcon,
      onClick: sendTest,
      busy: (w) => actions.test.isPending && actions.test.variables === w.id,
    },
    {
      key: 'pause',
      label: t('short.pause'),
      name: (w) => t('pause', { url: w.url }),
      icon: PauseIcon,
      onClick: setActive,
      hidden: (w) => !w.is_active,
      busy: (w) => actions.setActive.isPending && actions.setActive.variables?.id === w.id,
    },
    {
      key: 'resume',
      label: t('short.resume'),
      name: (w) => t('resume', { url: w.url }),
      icon: ResumeIcon,
      onClick: setActive,
      hidden: (w) => w.is_active,
      busy: (w) => actions.setActive.isPending && actions.setActive.variables?.id === w.id,
    },
    { key: 'remove', label: t('short.remove'), name: (w) => t('remove', { url: w.url }), icon: DeleteIcon, onClick: onRemove, danger: true },
  ]

  return (
    <>
      <DataTable label={t('tableLabel')} rows={hooks} rowKey={(w) => w.id} columns={columns} actions={rowActions} striped />
      <ProblemAlert error={actions.test.error ?? actions.setActive.error} need="siteAdmin" />
    </>
  )
}
