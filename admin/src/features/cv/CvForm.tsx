import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { applyFormErrors } from '../../shared/ui/formErrors'
import { SaveProblem, useSaveState } from '../../shared/ui/SaveProblem'
import { getCvEntry, type CvEntry } from './api'
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
export function CvForm({ record, etag: loadedEtag, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('cv')
  const resolver: Resolver<CvFormValues> = (v) => {
    const problems = checkCv(v)
    const errors = Object.fromEntries(Object.entries(problems).map(([f, k]) => [f, { type: 'rule', message: t(`rules.${k}`) }]))
    return { values: Object.keys(errors).length === 0 ? v : {}, errors }
  }
  const form = useForm<CvFormValues>({ defaultValues: valuesOf(record), resolver })
  const save = useSaveState(loadedEtag, record ? () => getCvEntry(record.id) : undefined, (r: CvEntry) => form.reset(valuesOf(r)))
  const { errors, isSubmitting } = form.formState
  const current = form.watch('is_current')
  const submit = form.handleSubmit(async (v) => {
    save.setError(null)
    try {
      onSaved(await onSave(cvBody(v), save.etag))
    } catch (e) {
      save.setError(e)
      applyFormErrors(form, e, FIELDS, { company: 'organization', company_url: 'organization_url' })
    }
  })
  return (
    <Modal opened onClose={onClose} title={record ? t('form.editTitle') : t('form.newTitle')} lockScroll={false} closeButtonProps={{ 'aria-label': t('problem:close') }} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SaveProblem state={save} placed={[...FIELDS, 'company', 'company_url']} />
          <div className="ui-form-grid">
            <NativeSelect label={t('form.entryType')} {...form.register('entry_type')} data={ENTRY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} error={errors.entry_type?.message} />
            <TextInput label={t('form.title')} required {...form.register('title')} error={errors.title?.message} data-autofocus maxLength={300} />
            <TextInput label={t('form.organization')} {...form.register('organization')} error={errors.organization?.message} maxLength={300} />
            <TextInput label={t('form.organizationUrl')} type="url" {...form.register('organization_url')} error={errors.organization_url?.message} maxLength={2000} />
            <TextInput label={t('form.location')} {...form.register('location')} error={errors.location?.message} maxLength={300} />
          </div>
          <div className="ui-form-grid">
            <TextInput label={t('form.startDate')} type="date" required {...form.register('start_date')} error={errors.start_date?.message} />
            <TextInput label={t('form.endDate')} type="date" disabled={current} {...form.register('end_date')} error={errors.end_date?.message} />
          </div>
          <Checkbox label={t('form.isCurrent')} {...form.register('is_current')} />
          <Textarea label={t('form.description')} rows={4} {...form.register('description')} error={errors.description?.message} maxLength={20000} />
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
