import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Page, PageValues } from '../api'

/** The page's own fields: route, slug, parent, type, frontend template, and its place in the site's page navigation. */
export function PageFields({
  values,
  onChange,
  errors,
  pages,
  pageId,
}: {
  values: PageValues
  onChange: (v: PageValues) => void
  errors: Record<string, string>
  pages: Page[]
  pageId: string
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const set = <K extends keyof PageValues>(k: K, v: PageValues[K]) => onChange({ ...values, [k]: v })
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.route')}
        description={t('routeHint')}
        value={values.route}
        onChange={(e) => set('route', e.currentTarget.value)}
        error={errors.route}
        required
      />
      <TextInput label={t('fields.slug')} value={values.slug} onChange={(e) => set('slug', e.currentTarget.value)} error={errors.slug} />
      <ParentSelect
        value={values.parent_page_id}
        onChange={(v) => set('parent_page_id', v)}
        pages={pages.filter((p) => p.id !== pageId)}
        error={errors.parent_page_id}
      />
      <TextInput label={t('fields.page_type')} value={values.page_type} onChange={(e) => set('page_type', e.currentTarget.value)} error={errors.page_type} />
      <TextInput label={t('fields.template')} value={values.template} onChange={(e) => set('template', e.currentTarget.value)} error={errors.template} />
      <Checkbox label={t('fields.is_in_navigation')} checked={values.is_in_navigation} onChange={(e) => set('is_in_navigation', e.currentTarget.checked)} />
      <TextInput
        type="number"
        label={t('fields.navigation_order')}
        value={String(values.navigation_order)}
        onChange={(e) => {
          const n = Number(e.currentTarget.value)
          if (Number.isInteger(n)) set('navigation_order', n)
        }}
        error={errors.navigation_order}
      />
    </Stack>
  )
}

export function ParentSelect({
  value,
  onChange,
  pages,
  error,
}: {
  value: string | null
  onChange: (v: string | null) => void
  pages: Page[]
  error?: string | undefined
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  return (
    <NativeSelect
      label={t('fields.parent_page_id')}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      error={error}
      data={[{ value: '', label: t('noParent') }, ...pages.map((p) => ({ value: p.id, label: p.route }))]}
    />
  )
}
