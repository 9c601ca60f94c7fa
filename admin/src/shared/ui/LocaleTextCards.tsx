import { Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fieldErrorsOf, ProblemAlert } from './ProblemAlert'

interface Locale {
  id: string
  name: string
  code: string
  is_default: boolean
}

/** The default locale first, then by code. */
const inOrder = (locales: readonly Locale[]): Locale[] => [...locales].sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.code.localeCompare(b.code))

export interface LocaleTextField<F extends string> {
  name: F
  label: string
  /** A multi-line text with this many rows to start with; a one-line input without. */
  minRows?: number
  maxRows?: number
}

/** Where a locale's texts are saved: a new localization in that locale, or the one that exists. */
export interface LocaleTarget {
  localeId: string
  existing?: string
}

interface CardsProps<F extends string> {
  /** The site's locales: a card each, the default first. */
  locales: readonly Locale[]
  /** The record's stored texts, one a locale (a locale without one starts empty). */
  localizations: ReadonlyArray<{ id: string; locale_id: string } & Partial<Record<F, string | null>>>
  /** The fields, labelled for a locale's code. */
  fields: (code: string) => ReadonlyArray<LocaleTextField<F>>
  /** Saves the texts, trimmed, an empty one as null. */
  onSave: (texts: Record<F, string | null>, target: LocaleTarget) => Promise<unknown>
  saveLabel: (code: string) => string
  savedText: string
}

/** A record's texts per site locale (documents, legal documents): a card a locale, each saved on its own. */
export function LocaleTextCards<F extends string>({ locales, localizations, fields, onSave, saveLabel, savedText }: CardsProps<F>) {
  return (
    <>
      {inOrder(locales).map((l) => {
        const loc = localizations.find((x) => x.locale_id === l.id)
        const target: LocaleTarget = { localeId: l.id, ...(loc ? { existing: loc.id } : {}) }
        return <LocaleTextCard key={l.id} locale={l} fields={fields(l.code)} stored={loc ?? {}} onSave={(texts) => onSave(texts, target)} saveLabel={saveLabel(l.code)} savedText={savedText} />
      })}
    </>
  )
}

interface Props<F extends string> {
  locale: Locale
  fields: ReadonlyArray<LocaleTextField<F>>
  stored: Partial<Record<F, string | null>>
  onSave: (texts: Record<F, string | null>) => Promise<unknown>
  saveLabel: string
  savedText: string
}

/**
 * A record's texts in one site locale, a form of its own named "Name (code)" and saved on its own. What was typed
 * stays while a save is pending or failed; after a successful save the stored texts come back from the refetch.
 */
function LocaleTextCard<F extends string>({ locale, fields, stored, onSave, saveLabel, savedText }: Props<F>) {
  const names = fields.map((f) => f.name)
  const storedValues = () => Object.fromEntries(names.map((n) => [n, stored[n] ?? ''])) as Record<F, string>
  const [values, setValues] = useState(storedValues)
  const save = useMutation({ mutationFn: onSave })
  const storedKey = JSON.stringify(storedValues())
  useEffect(() => {
    if (!save.isPending && !save.isError) setValues(storedValues())
  }, [storedKey])
  const errors = fieldErrorsOf(save.error, names)
  return (
    <Card
      withBorder
      component="form"
      aria-label={`${locale.name} (${locale.code})`}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault()
        save.mutate(Object.fromEntries(names.map((n) => [n, values[n].trim() || null])) as Record<F, string | null>)
      }}
    >
      <Stack gap="sm">
        {fields.map((f) => {
          const common = { label: f.label, value: values[f.name], error: errors[f.name], onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [f.name]: e.currentTarget.value }) }
          return f.minRows === undefined ? <TextInput key={f.name} {...common} /> : <Textarea key={f.name} {...common} autosize minRows={f.minRows} maxRows={f.maxRows} />
        })}
        <ProblemAlert error={save.error} fieldOrder={names} />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {saveLabel}
          </Button>
          {save.isSuccess && !save.isPending && (
            <Text size="sm" role="status">
              {savedText}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  )
}
