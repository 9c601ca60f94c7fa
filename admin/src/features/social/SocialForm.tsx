import { Checkbox, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RecordFormDialog, useRecordForm } from '../../shared/ui/RecordForm'
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

/** The client-side rules (`rules.*` messages): platform and address required, the address a link. */
const check = (v: FormValues) => ({
  ...(v.platform.trim() === '' ? { platform: 'required' } : {}),
  ...(v.url.trim() === '' ? { url: 'required' } : !URL_START.test(v.url.trim()) ? { url: 'urlFormat' } : {}),
})

const bodyOf = (v: FormValues): SocialValues => ({
  platform: v.platform.trim(),
  url: v.url.trim(),
  label: trimmedOrNull(v.label),
  icon: trimmedOrNull(v.icon),
  is_active: v.is_active,
})

interface Props {
  record?: SocialLink
  etag?: string
  onClose: () => void
  onSave: (v: SocialValues, etag: string | undefined) => Promise<SocialLink>
  onSaved: (r: SocialLink) => void
}

/** Create or edit a social link; server field errors on the fields, typed values kept, If-Match on edits. */
export function SocialForm({ record, etag, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('social')
  const rf = useRecordForm({
    ns: 'social',
    record,
    etag,
    valuesOf,
    check,
    reload: (r) => social.get(r.id),
    bodyOf,
    onSave,
    onSaved,
    fields: FIELDS,
  })
  const { form } = rf
  const { errors } = form.formState
  return (
    <RecordFormDialog recordForm={rf} placed={FIELDS} onClose={onClose}>
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
    </RecordFormDialog>
  )
}
