import './messages'
import { Button, Group, Modal, Textarea } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../forms/useUnsavedEdits'
import { actionsFor, type Capabilities, type ContentStatus, type WorkflowAction } from './roles'

/** The workflow buttons the caller's role allows in this status; approve and request changes take a comment. */
export function WorkflowButtons({
  status,
  caps,
  onAction,
  schedules = false,
}: {
  status: ContentStatus
  caps: Capabilities
  onAction: (a: WorkflowAction, comment: string) => void
  /** publish_start is in the future: publishing schedules (the server answers Scheduled), so the button says so. */
  schedules?: boolean
}) {
  const { t } = useTranslation('editor')
  const [review, setReview] = useState<'approve' | 'requestChanges' | undefined>(undefined)
  const [comment, setComment] = useState('')
  const close = useUnsavedEdits(comment !== '', () => {
    setReview(undefined)
    setComment('')
  })
  const actions = actionsFor(status, caps)
  return (
    <>
      {actions.map((a) => (
        <Button
          key={a}
          // Mantine's light variant fails WCAG contrast on the default theme: filled or default only.
          variant={a === 'publish' || a === 'approve' || a === 'submit' ? 'filled' : 'default'}
          onClick={() => (a === 'approve' || a === 'requestChanges' ? setReview(a) : onAction(a, ''))}
        >
          {t(a === 'publish' && schedules ? 'actions.schedule' : `actions.${a}`)}
        </Button>
      ))}
      <Modal
        opened={review !== undefined}
        onClose={close}
        closeButtonProps={{ 'aria-label': t('blogMeta:close') }}
        title={review ? t(`actions.${review}`) : ''}
      >
        <Textarea label={t('reviewComment')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={3} maxLength={2000} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => {
              if (review) onAction(review, comment)
              setReview(undefined)
              setComment('')
            }}
          >
            {review ? t(`actions.${review}`) : ''}
          </Button>
        </Group>
      </Modal>
    </>
  )
}
