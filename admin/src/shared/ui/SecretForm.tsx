import { Button, Group, Textarea, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { SecretOnce } from './SecretOnce'
import './ops.css'

interface Props {
  /** The section's heading id (it names the section). */
  id: string
  title: string
  /** The secret just created, shown once with its copy button; null: the form. */
  secret: string | null
  secretLabel: string
  /** "I have copied it": the secret goes, the form comes back. */
  onDone: () => void
  /** Shown instead of the form where the caller may create nothing. */
  blocked?: ReactNode
  onSubmit: () => void
  submitLabel: string
  busy: boolean
  /** The form's fields and its problem alert. */
  children: ReactNode
}

/** A create form whose answer carries a secret shown once (a new API key, a webhook's signing secret; admin.md). */
export function SecretForm({ id, title, secret, secretLabel, onDone, blocked, onSubmit, submitLabel, busy, children }: Props) {
  return (
    <section aria-labelledby={id} className="ops-section">
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {secret !== null ? (
        <SecretOnce label={secretLabel} value={secret} onDone={onDone} />
      ) : (
        (blocked ?? (
          <form
            className="ops-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              onSubmit()
            }}
          >
            {children}
            <Group>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </form>
        ))
      )}
    </section>
  )
}

/** The optional description of a record with a secret (an API key, a webhook): one line that grows as it is typed. */
export function DescriptionField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return <Textarea label={label} autosize minRows={1} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />
}
