import { Button, Group } from '@mantine/core'

interface Props {
  cancelLabel: string
  onCancel: () => void
  submitLabel: string
  /** The request runs: the submit button shows it and takes no second click. */
  busy: boolean
}

/** The end of a form in a dialog: Cancel, then the form's submit button. */
export function FormActions({ cancelLabel, onCancel, submitLabel, busy }: Props) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  )
}
