import { Button, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { ProblemAlert } from '../ui/ProblemAlert'

/** What the card shows of its save (TanStack Query's useMutation result fits). */
interface SaveState {
  error: unknown
  isPending: boolean
  isSuccess: boolean
}

interface Props {
  /** The form's accessible name. */
  label: string
  onSubmit: () => void
  save: SaveState
  /** The fields in form order: the save's problem focuses the first invalid one. */
  fieldOrder: readonly string[]
  saveLabel: string
  /** Said politely after a save went through. */
  savedText: string
  /** More buttons after Save (a Delete at the end). */
  extra?: ReactNode
  children: ReactNode
}

/** A record's fields on its own screen, saved with one button: the save's problem under the fields, "Saved." beside the button. */
export function SettingsCard({ label, onSubmit, save, fieldOrder, saveLabel, savedText, extra, children }: Props) {
  return (
    <Card
      withBorder
      component="form"
      aria-label={label}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <Stack gap="sm">
        {children}
        <ProblemAlert error={save.error} fieldOrder={fieldOrder} />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {saveLabel}
          </Button>
          {save.isSuccess && !save.isPending && (
            <Text size="sm" role="status">
              {savedText}
            </Text>
          )}
          {extra}
        </Group>
      </Stack>
    </Card>
  )
}
