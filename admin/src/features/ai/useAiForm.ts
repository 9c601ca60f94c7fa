import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../shared/forms/useUnsavedEdits'
import { toFormError } from '../../shared/logic/errors'
import { aiConfig, type AiConfig } from './api'
import { aiFormSchema, formValuesOf, putBodyOf, type AiFormValues } from './presets'

const FIELDS: Array<FieldPath<AiFormValues>> = ['provider_name', 'base_url', 'model', 'temperature', 'max_tokens', 'api_key']

export interface AiFormOptions {
  siteId: string
  saved: AiConfig | null
  etag: string | undefined
  onSaved: (v: boolean) => void
}

/**
 * The provider form's state: the values (react-hook-form), saving them, and the stored key's fate (kept, being
 * replaced by a new one, or to be removed on the next save).
 */
export function useAiForm({ siteId, saved, etag, onSaved }: AiFormOptions) {
  const { t } = useTranslation('ai')
  const form = useForm<AiFormValues>({ resolver: zodResolver(aiFormSchema), defaultValues: formValuesOf(saved ?? undefined), mode: 'onTouched' })
  const { handleSubmit, formState, setError, setFocus, reset } = form
  const save = aiConfig.useSave(siteId)
  useUnsavedEdits(formState.isDirty)
  const [replacing, setReplacing] = useState((saved?.api_key_masked ?? null) === null)
  const [removeKey, setRemoveKey] = useState(false)
  const fieldError = (f: FieldPath<AiFormValues>) => {
    const m = f.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], formState.errors) as { message?: string } | undefined
    return m?.message ? t(`errors.${m.message}`, { defaultValue: m.message }) : undefined
  }

  useEffect(() => {
    if (formState.isDirty) onSaved(false)
  }, [formState.isDirty])

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { body: putBodyOf(values, removeKey && values.api_key === ''), held: saved ? { record: saved, etag } : undefined },
      {
        onSuccess: (r) => {
          // The form shows the saved version (and remounts with it: AiSettingsScreen keys it by updated_at).
          reset(formValuesOf(r.data))
          setRemoveKey(false)
          onSaved(true)
        },
        onError: (e) => {
          // The form keeps what was typed; field errors go on their fields, the first one takes focus.
          const fe = toFormError(e, { fieldOrder: FIELDS })
          for (const [field, message] of Object.entries(fe.fieldErrors)) setError(field as FieldPath<AiFormValues>, { type: 'server', message })
          if (fe.firstInvalidField) setFocus(fe.firstInvalidField as FieldPath<AiFormValues>)
        },
      },
    )
  })

  return { form, save, onSubmit, fieldError, replacing, setReplacing, removeKey, setRemoveKey }
}

export type AiFormState = ReturnType<typeof useAiForm>
