import { Button, Group, Modal, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import './problemMessages'

interface Props {
  opened: boolean
  title: string
  /** What will happen, and any warning (a term in use, children moving up). */
  children: React.ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Destructive actions ask first. lockScroll off: its scroll lock injects a <style> element, which the CSP refuses. */
export function ConfirmModal({ opened, title, children, confirmLabel, busy = false, onConfirm, onClose }: Props) {
  const { t } = useTranslation('problem')
  return (
    <Modal opened={opened} onClose={onClose} title={title} lockScroll={false} closeButtonProps={{ 'aria-label': t('close') }} centered>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}
