import { Autocomplete, TextInput } from '@mantine/core'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RecordFormDialog, useRecordForm } from '../../shared/ui/RecordForm'
import { skillResource, type Skill, type SkillBody } from './api'
import { checkSkill, type SkillFormValues } from './rules'
import { trimmedOrNull } from '../../shared/api/wire'

const FIELDS = ['name', 'slug', 'category', 'proficiency', 'icon'] as const
const valuesOf = (s: Skill | undefined): SkillFormValues => ({
  name: s?.name ?? '',
  slug: s?.slug ?? '',
  category: s?.category ?? '',
  proficiency: s ? String(s.proficiency) : '',
  icon: s?.icon ?? '',
})
const bodyOf = (v: SkillFormValues): SkillBody => ({
  name: v.name.trim(),
  ...(v.slug.trim() !== '' ? { slug: v.slug.trim() } : {}),
  category: trimmedOrNull(v.category),
  proficiency: v.proficiency.trim() === '' ? 0 : Number(v.proficiency),
  icon: trimmedOrNull(v.icon),
})

interface Props {
  record?: Skill
  etag?: string
  categories: string[]
  onClose: () => void
  onSave: (b: SkillBody, etag: string | undefined) => Promise<Skill>
  onSaved: (s: Skill) => void
}

/** Create or edit a skill: name, slug, category (free text with the ones in use offered), proficiency 0–100, icon. */
export function SkillForm({ record, etag, categories, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('skills')
  const rf = useRecordForm({
    ns: 'skills',
    record,
    etag,
    valuesOf,
    check: checkSkill,
    reload: (r) => skillResource.get(r.id),
    bodyOf,
    onSave,
    onSaved,
    fields: FIELDS,
    rename: { proficiency_level: 'proficiency' },
  })
  const { form } = rf
  const { errors } = form.formState
  return (
    <RecordFormDialog recordForm={rf} placed={FIELDS} onClose={onClose}>
      <TextInput label={t('form.name')} required {...form.register('name')} error={errors.name?.message} data-autofocus maxLength={200} />
      <TextInput label={t('form.slug')} description={t('form.slugHint')} {...form.register('slug')} error={errors.slug?.message} maxLength={200} />
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <Autocomplete
            label={t('form.category')}
            description={t('form.categoryHint')}
            data={categories}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.category?.message}
            maxLength={200}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <TextInput
        label={t('form.proficiency')}
        description={t('form.proficiencyHint')}
        inputMode="numeric"
        {...form.register('proficiency')}
        error={errors.proficiency?.message}
        maxLength={3}
      />
      <TextInput label={t('form.icon')} {...form.register('icon')} error={errors.icon?.message} maxLength={200} />
    </RecordFormDialog>
  )
}
