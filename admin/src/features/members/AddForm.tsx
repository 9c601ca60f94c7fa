import { Button, Select, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ASSIGNABLE_ROLES } from '../../shared/logic/access'
import type { AssignableRole } from './api'

interface Props {
  /** Which way of adding (`add`: from the directory, `byId`: by identity-provider id): its texts' keys and the heading's id. */
  way: 'add' | 'byId'
  /** The fields that name the person (before the role). */
  children: ReactNode
  role: AssignableRole
  onRole: (role: AssignableRole) => void
  onSubmit: () => void
  busy: boolean
  /** The submit is off (no person chosen yet). */
  disabled?: boolean
  /** The form checks its own fields (`noValidate`), rather than the browser. */
  noValidate?: boolean
  /** Below the form: more people, the problem alert. */
  after: ReactNode
}

const HEADING_IDS = { add: 'add-member', byId: 'add-by-id' } as const

/** One way of adding a member: its heading and hint, the fields naming the person, the role, the submit. */
export function AddForm({ way, children, role, onRole, onSubmit, busy, disabled, noValidate, after }: Props) {
  const { t } = useTranslation('members')
  const id = HEADING_IDS[way]
  return (
    <section aria-labelledby={id} className="ops-section">
      <Title order={2} size="h3" id={id} mb="xs">
        {t(`${way}.title`)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(`${way}.hint`)}
      </Text>
      <form
        className="ops-filters"
        noValidate={noValidate}
        onSubmit={(e) => {
          e.preventDefault()
          onSubmit()
        }}
      >
        {children}
        <Select
          label={t(`${way}.role`)}
          data={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={role}
          onChange={(r) => r && onRole(r)}
          allowDeselect={false}
        />
        <Button type="submit" disabled={disabled} loading={busy}>
          {t(`${way}.submit`)}
        </Button>
      </form>
      {after}
    </section>
  )
}
