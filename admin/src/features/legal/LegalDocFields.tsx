import type { Schemas } from '@atrium-cms/client'
import { Select, Switch, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LEGAL_TYPES, type LegalType } from './api'

export interface LegalDocValues {
  document_type: LegalType
  slug: string
  cookie_name: string
  is_active: boolean
}

export const LEGAL_FIELDS = ['document_type', 'slug', 'cookie_name', 'is_active'] as const

export const valuesOf = (d?: Schemas['LegalDocument']): LegalDocValues => ({
  document_type: d?.document_type ?? 'PrivacyPolicy',
  slug: d?.slug ?? '',
  cookie_name: d?.cookie_name ?? '',
  is_active: d?.is_active ?? true,
})

/** The body of a create or update: an empty slug is left to the server, an empty cookie name is null. */
export const bodyOf = (v: LegalDocValues) => ({
  document_type: v.document_type,
  ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
  cookie_name: v.cookie_name.trim() || null,
  is_active: v.is_active,
})

/** The document's own fields, shared by "new" and "edit". */
export function LegalDocFields({
  values,
  onChange,
  errors,
}: {
  values: LegalDocValues
  onChange: (v: LegalDocValues) => void
  errors: Record<string, string>
}) {
  const { t } = useTranslation('legal')
  return (
    <>
      <Select
        label={t('documentType')}
        data={LEGAL_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
        value={values.document_type}
        onChange={(v) => onChange({ ...values, document_type: LEGAL_TYPES.find((x) => x === v) ?? values.document_type })}
        allowDeselect={false}
        error={errors.document_type}
      />
      <TextInput
        label={t('slug')}
        description={t('slugHint')}
        value={values.slug}
        onChange={(e) => onChange({ ...values, slug: e.currentTarget.value })}
        error={errors.slug}
      />
      {values.document_type === 'CookieConsent' && (
        <TextInput
          label={t('cookieName')}
          description={t('cookieNameHint')}
          value={values.cookie_name}
          onChange={(e) => onChange({ ...values, cookie_name: e.currentTarget.value })}
          error={errors.cookie_name}
        />
      )}
      <Switch
        label={t('active')}
        description={t('activeHint')}
        checked={values.is_active}
        onChange={(e) => onChange({ ...values, is_active: e.currentTarget.checked })}
        error={errors.is_active}
      />
    </>
  )
}
