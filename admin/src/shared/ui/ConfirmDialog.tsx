import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './ProblemAlert'

interface Props {
  opened: boolean
  title: string
  /** What happens, and what cannot be undone. */
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  /** The user must type this (e.g. a slug) before the action is offered. */
  typeToConfirm?: { label: string; value: string }
  onConfirm: () => void
  onClose: () => void
}

/** The confirmation every destructive action goes through (the brief: always confirm, say what cannot be undone). */
export function ConfirmDialog({ opened, title, children, confirmLabel, busy, typeToConfirm, onConfirm, onClose }: Props) {
  const { t } = useTranslation('problems')
  const [typed, setTyped] = useState('')
  const ready = typeToConfirm === undefined || typed === typeToConfirm.value
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm" component="div">
          {children}
        </Text>
        {typeToConfirm && <TextInput label={typeToConfirm.label} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={!ready} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
