import type { Schemas } from '@atrium-cms/client'
import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LINK_TYPES, type ItemValues, type LinkType } from './api'

export const emptyItem = (): ItemValues => ({ title: '', link_type: 'internal', url: '', page_id: null, open_in_new_tab: false })

/** Client-side checks that mirror the API, for fast feedback (the API decides). Keys are field names, values message keys. */
export function validateItem(v: ItemValues): Partial<Record<'title' | 'url' | 'page_id', string>> {
  const out: Partial<Record<'title' | 'url' | 'page_id', string>> = {}
  if (v.title.trim() === '') out.title = 'required'
  if (v.link_type === 'internal' && !v.url.trim().startsWith('/')) out.url = v.url.trim() === '' ? 'required' : 'badInternal'
  if (v.link_type === 'external' && !/^https?:\/\/\S+$/i.test(v.url.trim())) out.url = v.url.trim() === '' ? 'required' : 'badExternal'
  if (v.link_type === 'page' && !v.page_id) out.page_id = 'required'
  return out
}

/** An item's fields: title, link type, the path, address or page it leads to, and whether it opens a new tab. */
export function ItemFields({
  idPrefix,
  values,
  onChange,
  errors,
  pages,
  titleLabel,
}: {
  idPrefix: string
  values: ItemValues
  onChange: (v: ItemValues) => void
  errors: Partial<Record<string, string>>
  pages: Schemas['Page'][]
  titleLabel: string
}) {
  const { t } = useTranslation('navigation')
  const err = (k: string) => errors[k]
  return (
    <Stack gap="sm">
      <TextInput
        id={`${idPrefix}-title`}
        label={titleLabel}
        value={values.title}
        onChange={(e) => onChange({ ...values, title: e.currentTarget.value })}
        error={err('title')}
        required
      />
      <NativeSelect
        id={`${idPrefix}-type`}
        label={t('linkType')}
        value={values.link_type}
        onChange={(e) => onChange({ ...values, link_type: e.currentTarget.value as LinkType })}
        data={LINK_TYPES.map((l) => ({ value: l, label: t(`linkTypes.${l}`) }))}
      />
      {values.link_type === 'page' ? (
        <NativeSelect
          id={`${idPrefix}-page`}
          label={t('page')}
          value={values.page_id ?? ''}
          onChange={(e) => onChange({ ...values, page_id: e.currentTarget.value || null })}
          data={[{ value: '', label: t('choosePage') }, ...pages.map((p) => ({ value: p.id, label: p.route }))]}
          error={err('page_id')}
          required
        />
      ) : (
        <TextInput
          id={`${idPrefix}-url`}
          label={t(`url.${values.link_type}`)}
          description={t(`urlHint.${values.link_type}`)}
          value={values.url}
          onChange={(e) => onChange({ ...values, url: e.currentTarget.value })}
          error={err('url')}
          required
        />
      )}
      <Checkbox
        id={`${idPrefix}-newtab`}
        label={t('openInNewTab')}
        checked={values.open_in_new_tab}
        onChange={(e) => onChange({ ...values, open_in_new_tab: e.currentTarget.checked })}
      />
    </Stack>
  )
}
