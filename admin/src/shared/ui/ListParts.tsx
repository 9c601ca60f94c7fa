import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager, type PagerControl } from './Pager'
import './ui.css'

/*
 * The parts a paged content list (posts, pages, media) puts around its rows: the typed search that the URL follows, the
 * error of a list that did not load, and the footer that says where this page sits and links the others.
 */

/**
 * Text typed into a field whose settled value lives in the URL: the field follows the URL, and the URL follows the
 * typing after a pause (`apply` is called with the trimmed text; the caller replaces the history entry).
 */
export function useTypedParam(current: string, apply: (settled: string) => void): [string, (v: string) => void] {
  const [typed, setTyped] = useState(current)
  const [debounced] = useDebouncedValue(typed.trim(), 350)
  useEffect(() => setTyped(current), [current])
  useEffect(() => {
    if (debounced !== current) apply(debounced)
    // Only a settled change of the typed text moves the URL (current and apply are read, not watched).
  }, [debounced])
  return [typed, setTyped]
}

/** The text box of a list's search form (the query the URL keeps is at most 200 characters). */
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (v: string) => void }) {
  return <TextInput type="search" label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.currentTarget.value)} maxLength={200} />
}

/** A list that could not be loaded: the error's message and a retry. */
export function LoadFailed({ title, error, onRetry, retryLabel }: { title: string; error: Error; onRetry: () => void; retryLabel?: string }) {
  const { t } = useTranslation('common')
  return (
    <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {retryLabel ?? t('retry')}
        </Button>
      </Stack>
    </Alert>
  )
}

interface FooterProps {
  page: number
  perPage: number
  /** Rows on this page, and in the whole list. */
  shown: number
  total: number
  /** "21–40 of 75" in the list's words. */
  showing: (range: { from: number; to: number; total: number }) => string
  /** The page links' landmark name, their names, and the page chosen (`undefined`: the first). */
  label: string
  names?: { page: (page: number) => string; control: (control: PagerControl) => string }
  onPage: (page: number | undefined) => void
  /** Controls beside the page links (how many per page). */
  children?: ReactNode
}

/** Where this page sits in the total, and the page links. */
export function ListFooter({ page, perPage, shown, total, showing, label, names, onPage, children }: FooterProps) {
  const from = (page - 1) * perPage
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showing({ from: from + 1, to: from + shown, total })}
      </Text>
      <Group align="flex-end">
        {children}
        <Pager label={label} pages={Math.max(1, Math.ceil(total / perPage))} page={page} onPage={onPage} {...(names ? { names } : {})} />
      </Group>
    </Group>
  )
}
