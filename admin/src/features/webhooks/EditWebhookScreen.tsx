import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { useEditorGuards } from '../../shared/editor/useEditorGuards'
import { can } from '../../shared/logic/access'
import { BackLink } from '../../shared/ui/links'
import { fieldErrorsOf, NeedNote, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { DescriptionField } from '../../shared/ui/SecretForm'
import { useWebhookActions, webhookQueries, type Webhook } from './api'
import { eventsBody, type WebhookEvent } from './events'
import { EventsChoice } from './EventsPicker'
import '../../shared/ui/ops.css'

const FIELDS = ['url', 'description', 'events', 'is_active'] as const

interface Draft {
  url: string
  description: string
  mode: 'all' | 'chosen'
  chosen: WebhookEvent[]
  active: boolean
}

const draftOf = (w: Webhook): Draft => ({
  url: w.url,
  description: w.description ?? '',
  mode: w.events.length === 0 ? 'all' : 'chosen',
  chosen: w.events as WebhookEvent[],
  active: w.is_active,
})
const sameDraft = (a: Draft, b: Draft) =>
  a.url.trim() === b.url.trim() &&
  a.description.trim() === b.description.trim() &&
  a.active === b.active &&
  eventsBody(a.mode, a.chosen).join() === eventsBody(b.mode, b.chosen).join()

/** Edit a webhook: receiver URL, description, events and active. The signing secret stays as it is (the API keeps it). */
export function EditWebhookScreen({ siteId, webhookId }: { siteId: string; webhookId: string }) {
  const { t } = useTranslation('webhooks')
  const me = useQuery(sharedQueries.me())
  const allowed = can(me.data, 'webhooks.manage', siteId)
  const hooks = useQuery({ ...webhookQueries.list(siteId), enabled: allowed })
  const hook = hooks.data?.data.find((w) => w.id === webhookId)
  const back = (
    <BackLink to="/sites/$siteId/webhooks" params={{ siteId }}>
      {t('deliveries.back')}
    </BackLink>
  )
  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={t('edit.title', { url: hook?.url ?? '…' })} documentTitle={t('edit.title', { url: hook?.url ?? '' })} back={back} />
      {me.data && !allowed && <NeedNote need="siteAdmin" />}
      {hooks.isError && <ProblemAlert error={hooks.error} need="siteAdmin" />}
      {hooks.data && !hook && <Text>{t('edit.gone')}</Text>}
      {hook && <EditForm siteId={siteId} hook={hook} />}
    </Stack>
  )
}

function EditForm({ siteId, hook }: { siteId: string; hook: Webhook }) {
  const { t } = useTranslation('webhooks')
  const { update } = useWebhookActions(siteId)
  const [saved, setSaved] = useState<Draft>(() => draftOf(hook))
  const [draft, setDraft] = useState<Draft>(saved)
  const [tried, setTried] = useState(false)
  const [status, setStatus] = useState('')
  const dirty = useMemo(() => !sameDraft(draft, saved), [draft, saved])
  const errors = fieldErrorsOf(update.error, FIELDS)
  const noneChosen = draft.mode === 'chosen' && draft.chosen.length === 0
  const set = (patch: Partial<Draft>) => (setDraft((d) => ({ ...d, ...patch })), setStatus(''))

  const save = () => {
    setTried(true)
    if (draft.url.trim() === '' || noneChosen || update.isPending) return
    const body = { url: draft.url.trim(), description: draft.description.trim() || null, events: eventsBody(draft.mode, draft.chosen), is_active: draft.active }
    update.mutate(
      { id: hook.id, body },
      {
        onSuccess: (w) => {
          const next = draftOf(w)
          setSaved(next)
          setDraft(next)
          setTried(false)
          setStatus(t('edit.saved', { url: w.url }))
        },
      },
    )
  }
  const blocker = useEditorGuards({ dirty, onSave: save, onBackup: () => undefined })
  // A save elsewhere (pause in another tab) refreshes the list: an untouched form follows it.
  useEffect(() => {
    if (!dirty) {
      const next = draftOf(hook)
      if (!sameDraft(next, saved)) {
        setSaved(next)
        setDraft(next)
      }
    }
  }, [hook, dirty, saved])

  return (
    <form
      className="ops-form"
      noValidate
      aria-label={t('edit.form')}
      onSubmit={(e) => {
        e.preventDefault()
        save()
      }}
    >
      <TextInput
        label={t('create.url')}
        description={t('create.urlHint')}
        type="url"
        required
        value={draft.url}
        onChange={(e) => set({ url: e.currentTarget.value })}
        error={errors.url ?? (tried && draft.url.trim() === '' ? t('create.required') : undefined)}
      />
      <DescriptionField label={t('create.description')} value={draft.description} onChange={(description) => set({ description })} error={errors.description} />
      <EventsChoice
        mode={draft.mode}
        chosen={draft.chosen}
        onMode={(mode) => set({ mode })}
        onChosen={(chosen) => set({ chosen })}
        error={errors.events ?? (tried && noneChosen ? t('create.chooseOne') : undefined)}
      />
      <Checkbox
        label={t('edit.active')}
        description={t('edit.activeHint')}
        checked={draft.active}
        onChange={(e) => set({ active: e.currentTarget.checked })}
        error={errors.is_active}
      />
      <Text size="sm" c="dimmed">
        {t('edit.secret')}
      </Text>
      <ProblemAlert error={update.error} need="siteAdmin" fieldOrder={FIELDS} />
      <Group>
        <Button type="submit" loading={update.isPending}>
          {t('edit.submit')}
        </Button>
        <Button variant="default" disabled={!dirty} onClick={() => (setDraft(saved), update.reset(), setTried(false))}>
          {t('edit.discard')}
        </Button>
        <Text role="status" size="sm" data-testid="webhook-edit-status">
          {status}
        </Text>
      </Group>
      <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title={t('edit.leaveTitle')} lockScroll={false}>
        <Text mb="md">{t('edit.leaveText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('edit.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('edit.leave')}
          </Button>
        </Group>
      </Modal>
    </form>
  )
}
