import { Modal, Stack } from '@mantine/core'
import type { BaseSyntheticEvent, ReactNode } from 'react'
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { applyFormErrors } from './formErrors'
import { FormActions } from './FormActions'
import { SaveProblem, useSaveState } from './SaveProblem'
import { useGuardedClose, useUnsavedEdits } from '../forms/useUnsavedEdits'

/*
 * The wiring the record forms in a dialog (CV entries, skills) share: client-side rules as field messages, the save with
 * If-Match and the 412 choices, server field errors on the fields (typed values kept), and the dialog around the fields.
 */

interface RecordFormOptions<V extends FieldValues, R, B> {
  /** The feature's namespace: `rules.<problem>` says a client-side problem, `form.*` names the dialog's parts. */
  ns: string
  record: R | undefined
  /** The ETag the record was loaded with (sent as If-Match). */
  etag: string | undefined
  valuesOf: (record: R | undefined) => V
  /** The client-side rules: a problem key per field that breaks one. */
  check: (values: V) => Partial<Record<string, string>>
  /** Loads the record fresh, for "load their version" after a 412. */
  reload: (record: R) => Promise<{ data: R; etag: string | undefined }>
  bodyOf: (values: V) => B
  onSave: (body: B, etag: string | undefined) => Promise<R>
  onSaved: (record: R) => void
  /** The form's fields in display order, for the server's field errors; `rename` maps an API field onto one. */
  fields: ReadonlyArray<Path<V>>
  rename?: Record<string, Path<V>>
}

export function useRecordForm<V extends FieldValues, R, B>({
  ns,
  record,
  etag,
  valuesOf,
  check,
  reload,
  bodyOf,
  onSave,
  onSaved,
  fields,
  rename,
}: RecordFormOptions<V, R, B>) {
  const { t } = useTranslation(ns)
  const resolver: Resolver<V> = (v) => {
    const errors = Object.fromEntries(Object.entries(check(v)).map(([f, k]) => [f, { type: 'rule', message: t(`rules.${k}`) }]))
    return Object.keys(errors).length === 0 ? { values: v, errors: {} } : { values: {}, errors: errors as FieldErrors<V> }
  }
  const form = useForm<V>({ defaultValues: valuesOf(record) as DefaultValues<V>, resolver })
  const save = useSaveState(etag, record !== undefined ? () => reload(record) : undefined, (r: R) => form.reset(valuesOf(r)))
  const submit = form.handleSubmit(async (v) => {
    save.setError(null)
    try {
      onSaved(await onSave(bodyOf(v), save.etag))
    } catch (e) {
      save.setError(e)
      applyFormErrors(form, e, fields, rename)
    }
  })
  // Read here, in the component that owns the form, so that react-hook-form re-renders it when this changes.
  const busy = form.formState.isSubmitting
  const dirty = form.formState.isDirty
  useUnsavedEdits(dirty)
  return { ns, isEdit: record !== undefined, form, save, submit, busy, dirty }
}

/** What the dialog needs of useRecordForm. */
interface RecordFormState {
  ns: string
  isEdit: boolean
  save: ReturnType<typeof useSaveState<unknown>>
  submit: (e?: BaseSyntheticEvent) => Promise<void>
  busy: boolean
  /** Unsaved edits: closing (Cancel, Escape, the close button) asks first. */
  dirty: boolean
}

interface DialogProps {
  recordForm: RecordFormState
  /** Every field name a server error may name that the form shows on a field (the rest are listed in the alert). */
  placed: readonly string[]
  onClose: () => void
  size?: string
  children: ReactNode
}

/** The dialog of a record form: its title (new or edit), the save's problem on top, the fields, then Cancel and Save or Create. */
export function RecordFormDialog({ recordForm: { ns, isEdit, save, submit, busy, dirty }, placed, onClose, size, children }: DialogProps) {
  const { t } = useTranslation(ns)
  const close = useGuardedClose(dirty, onClose)
  return (
    <Modal
      opened
      onClose={close}
      title={isEdit ? t('form.editTitle') : t('form.newTitle')}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('problem:close') }}
      centered
      size={size}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <SaveProblem state={save} placed={placed} />
          {children}
          <FormActions cancelLabel={t('form.cancel')} onCancel={close} submitLabel={isEdit ? t('form.save') : t('form.create')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  )
}
