import { Checkbox, Group, Radio, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { RecordFormDialog, useRecordForm } from '../../shared/ui/RecordForm'
import { redirectResource, type Redirect } from './api'
import { checkRedirect, type RedirectInput, type StatusCode } from './rules'

interface FormValues {
  source_path: string
  destination_path: string
  status_code: '301' | '302'
  is_active: boolean
}
const FIELDS = ['source_path', 'destination_path', 'status_code', 'is_active'] as const

const toInput = (v: FormValues): RedirectInput => ({
  source_path: v.source_path.trim(),
  destination_path: v.destination_path.trim(),
  status_code: Number(v.status_code) as StatusCode,
  is_active: v.is_active,
})
const toValues = (r: Redirect | undefined): FormValues => ({
  source_path: r?.source_path ?? '',
  destination_path: r?.destination_path ?? '',
  status_code: r?.status_code === 302 ? '302' : '301',
  is_active: r?.is_active ?? true,
})

export interface Editing {
  record?: Redirect
  /** The ETag of the version the form was loaded from (GET /redirects/{id}); sent as If-Match. */
  etag?: string
}

interface Props {
  editing: Editing
  onClose: () => void
  onSave: (v: RedirectInput, etag: string | undefined) => Promise<Redirect>
  onSaved: (r: Redirect) => void
}

/**
 * Create or edit one redirect. The rules are checked here first (fast feedback); the server's field errors land on the
 * same fields; the typed values stay whatever fails. An edit sends If-Match: on 412 the editor loads their version
 * or saves theirs over it with the new ETag.
 */
export function RedirectForm({ editing, onClose, onSave, onSaved }: Props) {
  const { t } = useTranslation('redirects')
  const rf = useRecordForm({
    ns: 'redirects',
    record: editing.record,
    etag: editing.etag,
    valuesOf: toValues,
    check: (v: FormValues) => checkRedirect(toInput(v)),
    reload: (r) => redirectResource.get(r.id),
    bodyOf: toInput,
    onSave,
    onSaved,
    fields: FIELDS,
  })
  const { form } = rf
  const { errors } = form.formState
  const statusCode = form.watch('status_code')
  return (
    <RecordFormDialog recordForm={rf} placed={FIELDS} onClose={onClose} size="lg">
      <TextInput
        label={t('form.source')}
        description={t('form.sourceHint')}
        required
        {...form.register('source_path')}
        error={errors.source_path?.message}
        data-autofocus
      />
      <TextInput
        label={t('form.destination')}
        description={t('form.destinationHint')}
        required
        {...form.register('destination_path')}
        error={errors.destination_path?.message}
      />
      <Radio.Group
        label={t('form.statusCode')}
        value={statusCode}
        onChange={(v) => form.setValue('status_code', v === '302' ? '302' : '301', { shouldDirty: true })}
        error={errors.status_code?.message}
      >
        <Group gap="md" mt={4}>
          <Radio value="301" label={t('form.code301')} />
          <Radio value="302" label={t('form.code302')} />
        </Group>
      </Radio.Group>
      <Checkbox label={t('form.active')} {...form.register('is_active')} />
    </RecordFormDialog>
  )
}
