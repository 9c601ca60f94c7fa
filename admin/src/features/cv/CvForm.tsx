import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RecordFormDialog, useRecordForm } from '../../shared/ui/RecordForm'
import { cv, type CvEntry } from './api'
import { checkCv, cvBody, ENTRY_TYPES, type CvFormValues } from './rules'

const FIELDS = ['entry_type', 'title', 'organization', 'organization_url', 'location', 'start_date', 'end_date', 'is_current', 'description'] as const
const valuesOf = (e: CvEntry | undefined): CvFormValues => ({
  entry_type: e?.entry_type ?? 'work',
  title: e?.title ?? '',
  organization: e?.organization ?? '',
  organization_url: e?.organization_url ?? '',
  location: e?.location ?? '',
  description: e?.description ?? '',
  start_date: e?.start_date ?? '',
  end_date: e?.end_date ?? '',
  is_current: e?.is_current ?? false,
})

interface Props {
  record?: CvEntry
  etag?: string
  onClose: () => void
  onSave: (b: ReturnType<typeof cvBody>, etag: string | undefined) => Promise<CvEntry>
  onSaved: (e: CvEntry) => void
}

/** Create or edit a CV entry: type, title, organization, dates (a current entry has no end date), description. */
export function CvForm({ record, etag, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('cv')
  const rf = useRecordForm({
    ns: 'cv',
    record,
    etag,
    valuesOf,
    check: checkCv,
    reload: (r) => cv.get(r.id),
    bodyOf: cvBody,
    onSave,
    onSaved,
    fields: FIELDS,
    rename: { company: 'organization', company_url: 'organization_url' },
  })
  const { form } = rf
  const { errors } = form.formState
  const current = form.watch('is_current')
  return (
    <RecordFormDialog recordForm={rf} placed={[...FIELDS, 'company', 'company_url']} onClose={onClose} size="lg">
      <div className="ui-form-grid">
        <NativeSelect
          label={t('form.entryType')}
          {...form.register('entry_type')}
          data={ENTRY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          error={errors.entry_type?.message}
        />
        <TextInput label={t('form.title')} required {...form.register('title')} error={errors.title?.message} data-autofocus maxLength={300} />
        <TextInput label={t('form.organization')} {...form.register('organization')} error={errors.organization?.message} maxLength={300} />
        <TextInput
          label={t('form.organizationUrl')}
          type="url"
          {...form.register('organization_url')}
          error={errors.organization_url?.message}
          maxLength={2000}
        />
        <TextInput label={t('form.location')} {...form.register('location')} error={errors.location?.message} maxLength={300} />
      </div>
      <div className="ui-form-grid">
        <TextInput label={t('form.startDate')} type="date" required {...form.register('start_date')} error={errors.start_date?.message} />
        <TextInput label={t('form.endDate')} type="date" disabled={current} {...form.register('end_date')} error={errors.end_date?.message} />
      </div>
      <Checkbox label={t('form.isCurrent')} {...form.register('is_current')} />
      <Textarea label={t('form.description')} rows={4} {...form.register('description')} error={errors.description?.message} maxLength={20000} />
    </RecordFormDialog>
  )
}
