import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { applyFormErrors } from '../../shared/ui/formErrors'
import { SaveProblem, useSaveState } from '../../shared/ui/SaveProblem'
import { social, type SocialLink, type SocialValues } from './api'
import { trimmedOrNull } from '../../shared/api/wire'

interface FormValues {
  platform: string
  url: string
  label: string
  icon: string
  is_active: boolean
}
const FIELDS = ['platform', 'url', 'label', 'icon', 'is_active'] as const
const URL_START = /^(https?:\/\/|mailto:)\S+$/i

const valuesOf = (r: SocialLink | undefined): FormValues => ({
  platform: r?.platform ?? '',
  url: r?.url ?? '',
  label: r?.label ?? '',
  icon: r?.icon ?? '',
  is_active: r?.is_active ?? true,
})

interface Props {
  record?: SocialLink
  etag?: string
  onClose: () => void
  onSave: (v: SocialValues, etag: string | undefined) => Promise<SocialLink>
  onSaved: (r: SocialLink) => void
}

/** Create or edit a social link; server field errors on the fields, typed values kept, If-Match on edits. */
export function SocialForm({ record, etag: loadedEtag, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('social')
  const resolver: Resolver<FormValues> = (v) => {
    const errors: Record<string, { type: string; message: string }> = {}
    if (v.platform.trim() === '') errors.platform = { type: 'rule', message: t('form.required') }
    if (v.url.trim() === '') errors.url = { type: 'rule', message: t('form.required') }
    else if (!URL_START.test(v.url.trim())) errors.url = { type: 'rule', message: t('form.urlFormat') }
    return { values: Object.keys(errors).length === 0 ? v : {}, errors }
  }
  const form = useForm<FormValues>({ defaultValues: valuesOf(record), resolver })
  const save = useSaveState(loadedEtag, record ? () => social.get(record.id) : undefined, (r: SocialLink) => form.reset(valuesOf(r)))
  const { errors, isSubmitting, isDirty } = form.formState
  const close = useUnsavedEdits(isDirty, onClose)
  const submit = form.handleSubmit(async (v) => {
    save.setError(null)
    try {
      onSaved(
        await onSave(
          { platform: v.platform.trim(), url: v.url.trim(), label: trimmedOrNull(v.label), icon: trimmedOrNull(v.icon), is_active: v.is_active },
          save.etag,
        ),
      )
    } catch (e) {
      save.setError(e)
      applyFormErrors(form, e, FIELDS)
    }
  })
  return (
    <Modal
      opened
      onClose={close}
      title={record ? t('form.editTitle') : t('form.newTitle')}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('problem:close') }}
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SaveProblem state={save} placed={FIELDS} />
          <TextInput
            label={t('form.platform')}
            description={t('form.platformHint')}
            required
            {...form.register('platform')}
            error={errors.platform?.message}
            data-autofocus
            maxLength={100}
          />
          <TextInput
            label={t('form.url')}
            description={t('form.urlHint')}
            required
            type="url"
            {...form.register('url')}
            error={errors.url?.message}
            maxLength={2000}
          />
          <TextInput label={t('form.label')} {...form.register('label')} error={errors.label?.message} maxLength={200} />
          <TextInput label={t('form.icon')} description={t('form.iconHint')} {...form.register('icon')} error={errors.icon?.message} maxLength={200} />
          <Checkbox label={t('form.active')} {...form.register('is_active')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
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
