import { Button, Group, Modal, Text } from '@mantine/core'

/** A destructive action's confirmation: the question, cancel, and the action in red. */
export function ConfirmModal({
  opened,
  title,
  text,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  opened: boolean
  title: string
  text: string
  cancelLabel: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  )
}
