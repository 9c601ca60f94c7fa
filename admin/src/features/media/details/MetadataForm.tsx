import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUnsavedEdits } from '../../../shared/forms/useUnsavedEdits'
import { deepEqual } from '../../../shared/logic/equal'
import { isAtriumError, toFormError, type FormError } from '../../../shared/logic/errors'
import { ConflictNotice, ErrorNotice } from './Notices'
import { mediaKeys, metaValuesOf, saveMetadata, type Locale, type MediaDetail, type MediaMetadata, type MetaValues } from '../api'

interface Conflict {
  localeId: string
  theirs: MediaMetadata
  etag: string | undefined
}

/**
 * A file's texts for every locale of the site: alt text, caption and title, one group per locale, saved together
 * (only the locales that changed; each its own record with If-Match). What was typed stays on any error; a 412
 * shows the other version and lets the editor take it or save theirs over it.
 */
export function MetadataForm({
  siteId,
  media,
  locales,
  readOnly,
  headingLevel,
}: {
  siteId: string
  media: MediaDetail
  locales: Locale[]
  readOnly: boolean
  headingLevel: 3 | 4
}) {
  const { t } = useTranslation('media')
  const qc = useQueryClient()
  const [records, setRecords] = useState(() => new Map(media.metadata.map((m) => [m.locale_id, m])))
  const saved = (id: string) => metaValuesOf(records.get(id))
  const [values, setValues] = useState<Record<string, MetaValues>>(() => Object.fromEntries(locales.map((l) => [l.id, saved(l.id)])))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<FormError | undefined>(undefined)
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined)
  const [done, setDone] = useState(false)
  const changed = locales.filter((l) => !deepEqual(values[l.id], saved(l.id)))
  useUnsavedEdits(changed.length > 0)
  const H = `h${headingLevel}` as const

  const save = async (override?: { localeId: string; etag: string | undefined; base: MediaMetadata }) => {
    setBusy(true)
    setError(undefined)
    setDone(false)
    const next = new Map(records)
    let at: string | undefined
    try {
      for (const l of changed) {
        at = l.id
        const etag = override?.localeId === l.id ? override.etag : undefined
        const existing = override?.localeId === l.id ? override.base : next.get(l.id)
        next.set(l.id, await saveMetadata(media.id, l.id, existing, values[l.id] ?? saved(l.id), etag))
      }
      setConflict(undefined)
      setDone(true)
      void qc.invalidateQueries({ queryKey: mediaKeys.detail(siteId, media.id) })
      void qc.invalidateQueries({ queryKey: mediaKeys.lists(siteId) })
    } catch (e) {
      const f = toFormError(e, { fieldOrder: ['alt_text', 'caption', 'title'] })
      if (f.code === 'EDIT_CONFLICT' && isAtriumError(e)) {
        setConflict({ localeId: at ?? '', theirs: f.current as MediaMetadata, etag: e.etag })
      } else setError(f)
    } finally {
      setRecords(next)
      setBusy(false)
    }
  }

  const set = (localeId: string, k: keyof MetaValues, v: string) => {
    setDone(false)
    setValues((all) => ({ ...all, [localeId]: { ...(all[localeId] ?? saved(localeId)), [k]: v } }))
  }
  const conflictLocale = conflict && locales.find((l) => l.id === conflict.localeId)

  return (
    <form className="media-meta" aria-label={t('meta.title')} onSubmit={(e) => (e.preventDefault(), void save())}>
      <H className="media-side-heading">{t('meta.title')}</H>
      <Stack gap="sm">
        {locales.map((l) => (
          <LocaleTexts
            key={l.id}
            locale={l}
            values={values[l.id] ?? saved(l.id)}
            onChange={(k, v) => set(l.id, k, v)}
            readOnly={readOnly}
            errors={error && changed.some((c) => c.id === l.id) ? error.fieldErrors : {}}
          />
        ))}
        {error && <ErrorNotice error={error} />}
        {conflict && (
          <ConflictNotice
            title={t('meta.conflictTitle', { locale: conflictLocale?.name ?? '' })}
            text={t('meta.conflictText')}
            theirs={[
              { label: t('meta.alt_text'), value: conflict.theirs.alt_text ?? '—' },
              { label: t('meta.caption'), value: conflict.theirs.caption ?? '—' },
              { label: t('meta.titleField'), value: conflict.theirs.title ?? '—' },
            ]}
            onTakeTheirs={() => {
              setRecords((r) => new Map(r).set(conflict.localeId, conflict.theirs))
              setValues((all) => ({ ...all, [conflict.localeId]: metaValuesOf(conflict.theirs) }))
              setConflict(undefined)
            }}
            onKeepMine={() => void save({ localeId: conflict.localeId, etag: conflict.etag, base: conflict.theirs })}
          />
        )}
        {!readOnly && (
          <Group gap="sm">
            <Button type="submit" loading={busy} disabled={changed.length === 0}>
              {t('meta.save')}
            </Button>
            <Text size="sm" role="status">
              {done && changed.length === 0 ? t('meta.saved') : ''}
            </Text>
          </Group>
        )}
      </Stack>
    </form>
  )
}

/** One locale's three texts. */
function LocaleTexts({
  locale,
  values,
  onChange,
  readOnly,
  errors,
}: {
  locale: Locale
  values: MetaValues
  onChange: (k: keyof MetaValues, v: string) => void
  readOnly: boolean
  errors: Record<string, string>
}) {
  const { t } = useTranslation('media')
  return (
    <fieldset className="media-meta-locale" lang={locale.code}>
      <legend>{t('meta.locale', { name: locale.name, code: locale.code })}</legend>
      <TextInput
        label={t('meta.alt_text')}
        description={t('meta.altHint')}
        value={values.alt_text}
        onChange={(e) => onChange('alt_text', e.currentTarget.value)}
        readOnly={readOnly}
        maxLength={1000}
        error={errors.alt_text}
      />
      <Textarea
        label={t('meta.caption')}
        value={values.caption}
        onChange={(e) => onChange('caption', e.currentTarget.value)}
        readOnly={readOnly}
        autosize
        minRows={1}
        maxLength={5000}
        error={errors.caption}
      />
      <TextInput
        label={t('meta.titleField')}
        value={values.title}
        onChange={(e) => onChange('title', e.currentTarget.value)}
        readOnly={readOnly}
        maxLength={500}
        error={errors.title}
      />
    </fieldset>
  )
}
