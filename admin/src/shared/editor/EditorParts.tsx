import './messages'
import { Alert, Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../i18n/format'
import { toFormError } from '../logic/errors'
import type { SaveQueueState, SaveStatus } from '../logic/saveQueue'
import type { useEditorGuards } from './useEditorGuards'

/** The polite live region with the save state. */
export function SaveStatusLine({ status, savedAt, note }: { status: SaveStatus; savedAt: number | undefined; note: string }) {
  const { t, i18n } = useTranslation('editor')
  const text =
    status === 'saved' && savedAt !== undefined
      ? t('status.savedAt', { when: formatDateTime(new Date(savedAt).toISOString(), i18n.language) })
      : t(`status.${status}`)
  return (
    <Text role="status" aria-live="polite" size="sm" c="dimmed" data-testid="save-status" data-status={status}>
      {note !== '' ? `${text} · ${note}` : text}
    </Text>
  )
}

export function LeaveModal({ blocker }: { blocker: ReturnType<typeof useEditorGuards> }) {
  const { t } = useTranslation('editor')
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      closeButtonProps={{ 'aria-label': t('blogMeta:close') }}
      title={t('leave.title')}
    >
      <Text mb="md">{t('leave.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('leave.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('leave.leave')}
        </Button>
      </Group>
    </Modal>
  )
}

export function fieldErrorsOf(state: SaveQueueState<unknown> | undefined): Record<string, string> {
  if (!state || state.status !== 'error' || state.error === undefined) return {}
  return toFormError(state.error).fieldErrors
}

export function ErrorLine({ state }: { state: SaveQueueState<unknown> }) {
  const { t } = useTranslation('editor')
  if (state.status !== 'error' || state.error === undefined) return null
  const fe = toFormError(state.error)
  return (
    <Alert color="red" role="alert">
      {t(fe.formMessageKey, fe.formMessageParams)}
      {fe.requestId && (
        <Text size="xs" mt={4}>
          {t('requestId', { id: fe.requestId })}
        </Text>
      )}
    </Alert>
  )
}

export interface DraftOfferView {
  savedAt: number
  restore: () => void
  discard: () => void
}

export function DraftOfferAlert({ offer }: { offer: DraftOfferView }) {
  const { t, i18n } = useTranslation('editor')
  return (
    <Alert color="blue" title={t('drafts.title')} data-testid="draft-offer">
      <Text size="sm" mb="xs">
        {t('drafts.text', { when: formatDateTime(new Date(offer.savedAt).toISOString(), i18n.language) })}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={offer.restore}>
          {t('drafts.restore')}
        </Button>
        <Button size="xs" variant="default" onClick={offer.discard}>
          {t('drafts.discard')}
        </Button>
      </Group>
    </Alert>
  )
}
