import { Autocomplete, Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { Controller, useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { applyFormErrors } from '../../shared/ui/formErrors'
import { SaveProblem, useSaveState } from '../../shared/ui/SaveProblem'
import { getSkill, type Skill, type SkillBody } from './api'
import { checkSkill, type SkillFormValues } from './rules'

const FIELDS = ['name', 'slug', 'category', 'proficiency', 'icon'] as const
const valuesOf = (s: Skill | undefined): SkillFormValues => ({
  name: s?.name ?? '',
  slug: s?.slug ?? '',
  category: s?.category ?? '',
  proficiency: s ? String(s.proficiency) : '',
  icon: s?.icon ?? '',
})
const orNull = (s: string) => (s.trim() === '' ? null : s.trim())

interface Props {
  record?: Skill
  etag?: string
  categories: string[]
  onClose: () => void
  onSave: (b: SkillBody, etag: string | undefined) => Promise<Skill>
  onSaved: (s: Skill) => void
}

/** Create or edit a skill: name, slug, category (free text with the ones in use offered), proficiency 0–100, icon. */
export function SkillForm({ record, etag: loadedEtag, categories, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('skills')
  const resolver: Resolver<SkillFormValues> = (v) => {
    const problems = checkSkill(v)
    const errors = Object.fromEntries(Object.entries(problems).map(([f, k]) => [f, { type: 'rule', message: t(`rules.${k}`) }]))
    return { values: Object.keys(errors).length === 0 ? v : {}, errors }
  }
  const form = useForm<SkillFormValues>({ defaultValues: valuesOf(record), resolver })
  const save = useSaveState(loadedEtag, record ? () => getSkill(record.id) : undefined, (r: Skill) => form.reset(valuesOf(r)))
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (v) => {
    save.setError(null)
    const body: SkillBody = {
      name: v.name.trim(),
      ...(v.slug.trim() !== '' ? { slug: v.slug.trim() } : {}),
      category: orNull(v.category),
      proficiency: v.proficiency.trim() === '' ? 0 : Number(v.proficiency),
      icon: orNull(v.icon),
    }
    try {
      onSaved(await onSave(body, save.etag))
    } catch (e) {
      save.setError(e)
      applyFormErrors(form, e, FIELDS, { proficiency_level: 'proficiency' })
    }
  })
  return (
    <Modal opened onClose={onClose} title={record ? t('form.editTitle') : t('form.newTitle')} lockScroll={false} closeButtonProps={{ 'aria-label': t('problem:close') }} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SaveProblem state={save} placed={FIELDS} />
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
          <TextInput label={t('form.proficiency')} description={t('form.proficiencyHint')} inputMode="numeric" {...form.register('proficiency')} error={errors.proficiency?.message} maxLength={3} />
          <TextInput label={t('form.icon')} {...form.register('icon')} error={errors.icon?.message} maxLength={200} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {record ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
