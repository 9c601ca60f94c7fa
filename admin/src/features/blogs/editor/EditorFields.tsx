import { Button, Checkbox, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { MarkdownField } from '../../../shared/editor/MarkdownField'
import { useTranslation } from 'react-i18next'
import { previewSlug } from '../../../shared/logic/slug'
import { isKnownTranslationStatus, TRANSLATION_STATUSES, translationStatusLabel } from '../translationStatus'
import type { BlogValues, LocValues } from './api'

/** Search engines show about this many characters; the counters warn beyond. */
export const META_TITLE_MAX = 60
export const META_DESCRIPTION_MAX = 160

function Counter({ value, max, id }: { value: string; max: number; id: string }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  return (
    <Text id={id} size="xs" c={value.length > max ? 'var(--mantine-color-red-text)' : 'dimmed'}>
      {t('counter', { count: value.length, max })}
    </Text>
  )
}

/** The known statuses, plus the current one when it is free text written elsewhere (kept, shown as it is). */
function translationStatusOptions(current: string, t: (key: string) => string) {
  const known = TRANSLATION_STATUSES.map((v) => ({ value: v, label: translationStatusLabel(t, v) }))
  return isKnownTranslationStatus(current) || current === '' ? known : [...known, { value: current, label: current }]
}

/** The localized fields of one locale. */
export function LocFields({
  values,
  onChange,
  localeCode,
  localeId,
  errors,
}: {
  values: LocValues
  onChange: (v: LocValues) => void
  localeCode: string
  /** The locale being written: an image inserted into the body takes its alt text in it. */
  localeId: string
  errors: Record<string, string>
}) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const { t: tb } = useTranslation('blogs')
  const set = (k: keyof LocValues) => (e: { currentTarget: { value: string } }) => onChange({ ...values, [k]: e.currentTarget.value })
  return (
    <Stack gap="sm" lang={localeCode}>
      <TextInput label={t('fields.title')} value={values.title} onChange={set('title')} error={errors.title} data-field="title" />
      <TextInput label={t('fields.subtitle')} value={values.subtitle} onChange={set('subtitle')} error={errors.subtitle} />
      <Textarea label={t('fields.excerpt')} value={values.excerpt} onChange={set('excerpt')} autosize minRows={2} error={errors.excerpt} />
      <MarkdownField
        id="blog-body"
        label={t('fields.body')}
        value={values.body}
        onChange={(body) => onChange({ ...values, body })}
        error={errors.body}
        localeId={localeId}
      />
      <fieldset className="editor-fieldset">
        <legend>{t('seo')}</legend>
        <TextInput
          label={t('fields.meta_title')}
          value={values.meta_title}
          onChange={set('meta_title')}
          aria-describedby="meta-title-count"
          error={errors.meta_title}
        />
        <Counter id="meta-title-count" value={values.meta_title} max={META_TITLE_MAX} />
        <Textarea
          label={t('fields.meta_description')}
          value={values.meta_description}
          onChange={set('meta_description')}
          autosize
          minRows={2}
          aria-describedby="meta-description-count"
          error={errors.meta_description}
        />
        <Counter id="meta-description-count" value={values.meta_description} max={META_DESCRIPTION_MAX} />
      </fieldset>
      <NativeSelect
        label={t('fields.translation_status')}
        value={values.translation_status}
        onChange={set('translation_status')}
        data={translationStatusOptions(values.translation_status, (k) => tb(k))}
      />
    </Stack>
  )
}

/** The blog's own fields: slug (derived from the title until typed), author, featured. */
export function BlogFields({
  values,
  onChange,
  title,
  slugTyped,
  onSlugTyped,
  errors,
}: {
  values: BlogValues
  onChange: (v: BlogValues) => void
  title: string
  slugTyped: boolean
  onSlugTyped: (typed: boolean) => void
  errors: Record<string, string>
}) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const derived = previewSlug(title)
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.slug')}
        value={slugTyped ? values.slug : (derived ?? '')}
        placeholder={t('slugGenerated')}
        description={slugTyped ? undefined : t('slugDerived')}
        onChange={(e) => {
          onSlugTyped(true)
          onChange({ ...values, slug: e.currentTarget.value })
        }}
        error={errors.slug}
        rightSectionWidth={110}
        rightSection={
          slugTyped && derived && derived !== values.slug ? (
            <Button size="compact-xs" variant="subtle" onClick={() => onChange({ ...values, slug: derived })}>
              {t('slugFromTitle')}
            </Button>
          ) : undefined
        }
      />
      <TextInput
        label={t('fields.author')}
        value={values.author}
        onChange={(e) => onChange({ ...values, author: e.currentTarget.value })}
        error={errors.author}
      />
      <Checkbox label={t('fields.is_featured')} checked={values.is_featured} onChange={(e) => onChange({ ...values, is_featured: e.currentTarget.checked })} />
    </Stack>
  )
}
