import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { applyFormErrors } from '../../shared/ui/formErrors'
import { SaveProblem, useSaveState } from '../../shared/ui/SaveProblem'
import { getTerm, type Category, type Tag, type TermValues } from './api'

export type TermFormMode = { kind: 'tag'; record?: Tag; etag?: string } | { kind: 'category'; record?: Category; etag?: string; moveOnly?: boolean }

interface FormValues {
  name: string
  slug: string
  parent_id: string
  description: string
}
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

interface Props {
  mode: TermFormMode
  /** Parent choices for a category (already without the category and its descendants), indented by depth. */
  parents: Array<{ id: string; label: string }>
  onClose: () => void
  onSave: (v: TermValues, etag: string | undefined) => Promise<{ name: string }>
  onSaved: (name: string) => void
}

const valuesOf = (mode: TermFormMode): FormValues => ({
  name: mode.record?.name ?? '',
  slug: mode.record?.slug ?? '',
  parent_id: mode.kind === 'category' ? (mode.record?.parent_id ?? '') : '',
  description: mode.kind === 'category' ? (mode.record?.description ?? '') : '',
})

/** Create, rename or move a tag or category; server field errors on the fields, the typed values kept, If-Match on edits. */
export function TermForm({ mode, parents, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('taxonomy')
  const resolver: Resolver<FormValues> = (values) => {
    const errors: Record<string, { type: string; message: string }> = {}
    if (values.name.trim() === '') errors.name = { type: 'rule', message: t('form.required') }
    if (values.slug.trim() !== '' && !SLUG.test(values.slug.trim())) errors.slug = { type: 'rule', message: t('form.slugFormat') }
    return { values: Object.keys(errors).length === 0 ? values : {}, errors }
  }
  const form = useForm<FormValues>({ defaultValues: valuesOf(mode), resolver })
  const recordId = mode.record?.id
  const save = useSaveState(mode.etag, recordId ? () => getTerm(mode.kind, recordId) : undefined, (r: Tag | Category) =>
    form.reset(valuesOf({ ...mode, record: r } as TermFormMode)),
  )
  const { errors, isSubmitting, isDirty } = form.formState
  const close = useUnsavedEdits(isDirty, onClose)
  const isCategory = mode.kind === 'category'
  const moveOnly = mode.kind === 'category' && mode.moveOnly === true
  const fields = isCategory ? (['name', 'slug', 'parent_id', 'description'] as const) : (['name', 'slug'] as const)

  const submit = form.handleSubmit(async (v) => {
    save.setError(null)
    try {
      const saved = await onSave(
        { name: v.name, slug: v.slug, ...(isCategory ? { parent_id: v.parent_id === '' ? null : v.parent_id, description: v.description } : {}) },
        save.etag,
      )
      onSaved(saved.name)
    } catch (e) {
      save.setError(e)
      applyFormErrors(form, e, fields)
    }
  })
  const title =
    mode.kind === 'tag'
      ? mode.record
        ? t('form.editTag')
        : t('form.newTag')
      : moveOnly
        ? t('form.moveCategory')
        : mode.record
          ? t('form.editCategory')
          : t('form.newCategory')

  return (
    <Modal opened onClose={close} title={title} lockScroll={false} closeButtonProps={{ 'aria-label': t('problem:close') }} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SaveProblem state={save} placed={fields} />
          {!moveOnly && (
            <>
              <TextInput label={t('form.name')} required {...form.register('name')} error={errors.name?.message} data-autofocus maxLength={200} />
              <TextInput label={t('form.slug')} description={t('form.slugHint')} {...form.register('slug')} error={errors.slug?.message} maxLength={200} />
            </>
          )}
          {isCategory && (
            <NativeSelect
              label={t('form.parent')}
              {...form.register('parent_id')}
              error={errors.parent_id?.message}
              data={[{ value: '', label: t('form.noParent') }, ...parents.map((p) => ({ value: p.id, label: p.label }))]}
              data-autofocus={moveOnly || undefined}
            />
          )}
          {isCategory && !moveOnly && (
            <Textarea label={t('form.description')} rows={3} maxLength={5000} {...form.register('description')} error={errors.description?.message} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {mode.record ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
