import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Need } from '../logic/access'
import { ProblemAlert } from './ProblemAlert'
import './opsMessages'

interface Props {
  opened: boolean
  title: string
  /** What happens, and what cannot be undone. */
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onClose: () => void
  busy?: boolean
  error?: unknown
  need?: Need
  /**
   * When set, the confirm button stays disabled until this exact text is typed (deleting a site: its slug); the field
   * is labelled "Type … to confirm", or with `label` where the screen says it its own way.
   */
  typeToConfirm?: string | { label: string; value: string }
  /** Destructive actions are red and say that they cannot be undone. */
  destructive?: boolean
  /** The shared "This cannot be undone." line; on for destructive actions unless the text already says what is lost. */
  cannotUndoNote?: boolean
  extra?: ReactNode
}

/** A confirmation for actions that change or remove something for good; focus is trapped and returned by Mantine's Modal. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
  need,
  typeToConfirm,
  destructive = true,
  cannotUndoNote = destructive,
  extra,
}: Props) {
  const { t } = useTranslation('ops')
  const [typed, setTyped] = useState('')
  useEffect(() => {
    if (!opened) setTyped('')
  }, [opened])
  const expected = typeof typeToConfirm === 'string' ? typeToConfirm : typeToConfirm?.value
  const matches = expected === undefined || typed === expected
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered lockScroll={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (matches && !busy) onConfirm()
        }}
      >
        <Stack gap="sm">
          <div>{children}</div>
          {cannotUndoNote && (
            <Text size="sm" fw={600}>
              {t('cannotUndo')}
            </Text>
          )}
          {extra}
          {expected !== undefined && (
            <TextInput
              label={typeof typeToConfirm === 'object' ? typeToConfirm.label : t('typeToConfirm', { value: expected })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              error={typed !== '' && !matches ? t('typeMismatch', { value: expected }) : undefined}
            />
          )}
          <ProblemAlert error={error} need={need} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color={destructive ? 'red' : undefined} disabled={!matches} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
