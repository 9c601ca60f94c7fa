import { Card, Stack, TextInput, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { ConflictView } from '../editor/ConflictView'
import { SaveRow } from '../forms/SettingsCard'
import { useUnsavedEdits } from '../forms/useUnsavedEdits'
import {
  localeConflictOf,
  heldTag,
  isDirty,
  loadedTexts,
  resolvedTexts,
  savedTexts,
  storedChanged,
  theirTexts,
  wireTexts,
  type LocaleRecord,
  type LocaleTextsState,
} from '../logic/localeTexts'
import { fieldErrorsOf, ProblemAlert } from './ProblemAlert'

interface Locale {
  id: string
  name: string
  code: string
  is_default: boolean
}

/** The default locale first, then by code. */
const inOrder = (locales: readonly Locale[]): Locale[] =>
  [...locales].sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.code.localeCompare(b.code))

export interface LocaleTextField<F extends string> {
  name: F
  label: string
  /** A multi-line text with this many rows to start with; a one-line input without. */
  minRows?: number
  maxRows?: number
}

/**
 * Where a locale's texts are saved: a new localization in that locale, or the one that exists with If-Match `etag`
 * (the tag of the version the form was loaded from: never overwrite silently).
 */
export interface LocaleTarget {
  localeId: string
  existing?: string
  etag?: string
}

/** A save's answer: the localization and its ETag. */
export interface SavedLocale<F extends string> {
  data: LocaleRecord<F>
  etag: string | undefined
}

interface CardsProps<F extends string> {
  /** The site's locales: a card each, the default first. */
  locales: readonly Locale[]
  /** The record's stored localizations, one a locale (a locale without one starts empty), as the API presents them. */
  localizations: ReadonlyArray<LocaleRecord<F>>
  /** The fields, labelled for a locale's code. */
  fields: (code: string) => ReadonlyArray<LocaleTextField<F>>
  /** Saves the texts, trimmed, an empty one as null; answers the saved localization and its ETag. */
  onSave: (texts: Record<F, string | null>, target: LocaleTarget) => Promise<SavedLocale<F>>
  saveLabel: (code: string) => string
  savedText: string
  /** The heading of a locale's conflict view (a save met a 412: changed elsewhere). */
  conflictTitle: (code: string) => string
  /** Who saved their version (shared/editor/history/WhoChanged), by the localization's id. */
  who?: (locId: string) => ReactNode
}

/** A record's texts per site locale (documents, legal documents): a card a locale, each saved on its own. */
export function LocaleTextCards<F extends string>({ locales, localizations, fields, onSave, saveLabel, savedText, conflictTitle, who }: CardsProps<F>) {
  return (
    <>
      {inOrder(locales).map((l) => (
        <LocaleTextCard
          key={l.id}
          locale={l}
          fields={fields(l.code)}
          stored={localizations.find((x) => x.locale_id === l.id)}
          onSave={onSave}
          saveLabel={saveLabel(l.code)}
          savedText={savedText}
          conflictTitle={conflictTitle(l.code)}
          who={who}
        />
      ))}
    </>
  )
}

interface Props<F extends string> {
  locale: Locale
  fields: ReadonlyArray<LocaleTextField<F>>
  stored: LocaleRecord<F> | undefined
  onSave: CardsProps<F>['onSave']
  saveLabel: string
  savedText: string
  conflictTitle: string
  who: CardsProps<F>['who']
}

/**
 * A record's texts in one site locale, a form of its own named "Name (code)" and saved on its own with If-Match
 * (shared/logic/localeTexts.ts). What was typed stays while a save is pending or failed and when the record reloads;
 * a 412 shows both versions field by field (keep mine, take theirs) and saves the merge on their version.
 */
function LocaleTextCard<F extends string>({ locale, fields, stored, onSave, saveLabel, savedText, conflictTitle, who }: Props<F>) {
  const names = fields.map((f) => f.name)
  const [state, setState] = useState<LocaleTextsState<F>>(() => loadedTexts(names, stored))
  const save = useMutation({
    mutationFn: async (held: LocaleTextsState<F>) =>
      onSave(wireTexts(names, held.values), { localeId: locale.id, ...(held.base ? { existing: held.base.id, etag: await heldTag(held) } : {}) }),
    onSuccess: (answer, held) => setState((s) => savedTexts(names, s, held.values, answer)),
    onError: (e) => {
      const conflict = localeConflictOf<F>(e)
      if (conflict) setState((s) => ({ ...s, conflict }))
    },
  })
  const storedKey = JSON.stringify(stored ?? null)
  useEffect(() => {
    if (!save.isPending) setState((s) => storedChanged(names, s, stored))
    // A reload while a save runs is the save's own answer or older: the answer decides (savedTexts).
  }, [storedKey])
  // Each locale's card is a part of its own: saving one leaves the others' typed texts, and their guard, in place.
  useUnsavedEdits(isDirty(names, state))
  const { values, conflict } = state
  const errors = fieldErrorsOf(save.error, names)
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name
  return (
    <Card
      withBorder
      component="form"
      aria-label={`${locale.name} (${locale.code})`}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault()
        if (!conflict) save.mutate(state)
      }}
    >
      <Stack gap="sm">
        {fields.map((f) => {
          const common = {
            label: f.label,
            value: values[f.name],
            error: errors[f.name],
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              const v = e.currentTarget.value
              setState((s) => ({ ...s, values: { ...s.values, [f.name]: v } }))
            },
          }
          return f.minRows === undefined ? (
            <TextInput key={f.name} {...common} />
          ) : (
            <Textarea key={f.name} {...common} autosize minRows={f.minRows} maxRows={f.maxRows} />
          )
        })}
        {conflict ? (
          <ConflictView<Record<F, string>>
            key={conflict.current.updated_at ?? conflict.etag ?? ''}
            title={conflictTitle}
            savedAt={conflict.current.updated_at}
            who={who?.(conflict.current.id)}
            base={loadedTexts(names, state.base).values}
            mine={values}
            theirs={loadedTexts(names, conflict.current).values}
            label={label}
            onResolve={(merged) => {
              const next = resolvedTexts(state, merged)
              setState(next)
              save.mutate(next)
            }}
            onCancel={() => {
              save.reset()
              setState(theirTexts(names, state))
            }}
          />
        ) : (
          <ProblemAlert error={save.error} fieldOrder={names} />
        )}
        <SaveRow save={save} saveLabel={saveLabel} savedText={savedText} disabled={conflict !== undefined} />
      </Stack>
    </Card>
  )
}
