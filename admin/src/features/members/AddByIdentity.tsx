import { Button, Select, TextInput, Text, Title } from '@mantine/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { ASSIGNABLE_ROLES } from '../../shared/logic/access'
import { fieldErrorsOf, ProblemAlert } from '../../shared/ui/ProblemAlert'
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
    <section aria-labelledby="add-by-id" className="ops-section">
      <Title order={2} size="h3" id="add-by-id" mb="xs">
        {t('byId.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('byId.hint')}
      </Text>
      <form
        className="ops-filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
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
        <Select
          label={t('byId.role')}
          data={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          value={role}
          onChange={(r) => r && setRole(r)}
          allowDeselect={false}
        />
        <Button type="submit" loading={add.isPending}>
          {t('byId.submit')}
        </Button>
      </form>
      <ProblemAlert error={add.error} need="siteAdmin" fieldOrder={FIELDS} />
    </section>
  )
}
