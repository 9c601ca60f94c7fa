import './messages'
import { Group, Loader, SegmentedControl, Text } from '@mantine/core'
import { lazy, Suspense, useContext, useState } from 'react'
import { ImageInsertContext } from './ImagePicker'
import { useTranslation } from 'react-i18next'

const MarkdownEditor = lazy(() => import('./MarkdownEditor'))
const MarkdownPreview = lazy(() => import('./MarkdownPreview'))

/** A Markdown text with write and preview views; the editor (CodeMirror) and the preview load lazily, each its own chunk. */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  error,
  localeId = null,
}: {
  id: string
  label: string
  value: string
  onChange: (v: string) => void
  error?: string | undefined
  /** The locale being written: an inserted image takes its alt text in it. */
  localeId?: string | null
}) {
  const { t } = useTranslation('editor')
  const [mode, setMode] = useState<'write' | 'preview'>('write')
  const insert = useContext(ImageInsertContext)
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text component="span" fw={500} size="sm" id={`${id}-label`}>
          {label}
        </Text>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => setMode(v)}
          data={[
            { value: 'write', label: t('write') },
            { value: 'preview', label: t('preview') },
          ]}
          aria-label={t('markdownMode', { field: label })}
        />
      </Group>
      <Suspense fallback={<Loader role="progressbar" size="sm" aria-label={t('loadingEditor')} />}>
        {mode === 'write' ? (
          <MarkdownEditor id={id} label={label} description={t('leaveEditor')} value={value} onChange={onChange} localeId={localeId} insert={insert} />
        ) : (
          <MarkdownPreview source={value} />
        )}
      </Suspense>
      {mode === 'write' && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('leaveEditor')}
        </Text>
      )}
      {error && (
        <Text c="var(--mantine-color-red-text)" size="sm">
          {error}
        </Text>
      )}
    </div>
  )
}
