import { TextInput } from '@mantine/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
import { AddForm } from './AddForm'
import { useMemberMutations, type AssignableRole } from './api'

const FIELDS = ['idp_user_id', 'role'] as const

/**
 * Adding someone the directory cannot list yet (the built-in directory knows only people who signed in): by their
 * identity-provider id. With an external directory the API fills in name and e-mail at once, or refuses an unknown id.
 */
export function AddByIdentity({ siteId, onAdded }: { siteId: string; onAdded: (text: string) => void }) {
  const { t } = useTranslation('members')
  const { add } = useMemberMutations(siteId)
  const [id, setId] = useState('')
  const [role, setRole] = useState<AssignableRole>('Author')
  const [tried, setTried] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const errors = fieldErrorsOf(add.error, FIELDS)
  const missing = tried && id.trim() === ''
  useUnsavedEdits(id.trim() !== '')
  return (
    <AddForm
      way="byId"
      role={role}
      onRole={setRole}
      busy={add.isPending}
      noValidate
      onSubmit={() => {
        setTried(true)
        const idpUserId = id.trim()
        if (idpUserId === '') return field.current?.focus()
        add.mutate(
          { idp_user_id: idpUserId, role },
          {
            onSuccess: (m) => {
              const roleText = t(`roles.${role}`)
              const name = m.name ?? m.email
              onAdded(name ? t('byId.added', { name, role: roleText }) : t('byId.addedPending', { id: idpUserId, role: roleText }))
              setId('')
              setTried(false)
            },
          },
        )
      }}
      after={<ProblemAlert error={add.error} need="siteAdmin" fieldOrder={FIELDS} />}
    >
      <TextInput
        ref={field}
        label={t('byId.id')}
        required
        value={id}
        onChange={(e) => setId(e.currentTarget.value)}
        error={errors.idp_user_id ?? (missing ? t('byId.required') : undefined)}
        autoComplete="off"
        spellCheck={false}
      />
    </AddForm>
  )
}
