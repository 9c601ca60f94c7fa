import { Button, Group, Text } from '@mantine/core'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/i18n/format'
import { percentOf, summarize, type UploadItem } from './queue'
import type { useUploads } from './useUploads'

type Uploads = ReturnType<typeof useUploads>

const FINAL = new Set(['done', 'duplicate', 'failed', 'refused'])

/** What an item's line says about where it is (and, for a failure, why). */
function useStatusText() {
  const { t, i18n } = useTranslation('media')
  return (i: UploadItem): string => {
    const p = i.problem
    if (i.status === 'refused' && p?.kind === 'tooLarge') return t('upload.tooLarge', { limit: formatBytes(p.limit, i18n.language) })
    if (i.status === 'refused' && p?.kind === 'empty') return t('upload.empty')
    if (i.status === 'failed' && p?.kind === 'api') {
      // A 413 means the same as a refused size (the server counted, or the limit changed meanwhile).
      if (p.status === 413) return t('upload.tooLargeServer')
      return `${t(p.messageKey)} (${p.title})`
    }
    return t(`upload.status.${i.status}`)
  }
}

/** One line per file: name, size, progress, what happened; retry a failed file, dismiss a finished one. */
function UploadRow({ item, status, onRetry, onDismiss }: { item: UploadItem; status: string; onRetry: () => void; onDismiss: () => void }) {
  const { t, i18n } = useTranslation('media')
  const p = item.problem
  const bad = item.status === 'failed' || item.status === 'refused'
  return (
    <li className="media-upload-row" data-status={item.status}>
      <div className="media-upload-row-main">
        <Text size="sm" fw={500} className="media-filename">
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(item.size, i18n.language)}
        </Text>
        <progress max={100} value={percentOf(item)} aria-label={t('upload.progressOf', { name: item.name })} className="media-progress" />
        <Text size="sm" c={bad ? 'var(--mantine-color-red-text)' : item.status === 'duplicate' ? 'var(--mantine-color-blue-text)' : undefined}>
          {status}
        </Text>
        {p?.kind === 'api' && p.requestId && (
          <details>
            <summary>{t('details')}</summary>
            <Text size="xs">{t('requestId', { id: p.requestId })}</Text>
          </details>
        )}
      </div>
      <Group gap="xs">
        {item.status === 'failed' && (
          <Button size="compact-sm" variant="default" onClick={onRetry} aria-label={t('upload.retryFile', { name: item.name })}>
            {t('upload.retry')}
          </Button>
        )}
        {item.status !== 'uploading' && (
          <Button size="compact-sm" variant="subtle" onClick={onDismiss} aria-label={t('upload.dismissFile', { name: item.name })}>
            {t('upload.dismiss')}
          </Button>
        )}
      </Group>
    </li>
  )
}

/**
 * Drop files here or choose them; every file gets its own line with progress and outcome. A polite log (a live region)
 * tells screen-reader users each file's outcome as it lands (not the progress ticks).
 *
 * `choose` (the palette's Upload action) opens the file chooser once, on mount, and then calls `onChosen`. A browser
 * opens a chooser only within a user gesture: Chromium and Firefox count the palette's Enter or click for some seconds
 * after it (the media screen's code arrives well within them); a browser that refuses leaves the "Choose files" button
 * focused, one Enter away.
 */
export function UploadZone({
  uploads,
  accept,
  maxBytes,
  choose,
  onChosen,
}: {
  uploads: Uploads
  accept: 'image' | 'any'
  maxBytes: number | undefined
  choose?: boolean
  onChosen?: () => void
}) {
  const { t, i18n } = useTranslation('media')
  const input = useRef<HTMLInputElement>(null)
  const chooseButton = useRef<HTMLButtonElement>(null)
  const chose = useRef(false)
  // Arrived to choose: the route's focus on the h1 (app/RouteFocus) leaves the focused "Choose files" alone.
  const [arrivedToChoose] = useState(choose === true)
  useEffect(() => {
    if (!choose || chose.current) return
    chose.current = true
    chooseButton.current?.focus()
    input.current?.click()
    onChosen?.()
  }, [choose, onChosen])
  const [over, setOver] = useState(false)
  const statusOf = useStatusText()

  // Announce each file once, when it reaches its outcome.
  const told = useRef(new Set<string>())
  const [announcements, setAnnouncements] = useState<Array<{ key: string; text: string }>>([])
  useEffect(() => {
    const fresh = uploads.items.filter((i) => FINAL.has(i.status) && !told.current.has(`${i.id}:${i.status}`))
    if (fresh.length === 0) return
    fresh.forEach((i) => told.current.add(`${i.id}:${i.status}`))
    setAnnouncements((a) => [...a, ...fresh.map((i) => ({ key: `${i.id}:${i.status}`, text: `${i.name}: ${statusOf(i)}` }))].slice(-20))
  }, [uploads.items])

  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    uploads.add(e.dataTransfer.files)
  }
  const sum = summarize(uploads.items)

  return (
    <section aria-label={t('upload.title')} className="media-upload">
      <div
        className="media-dropzone"
        data-keeps-focus={arrivedToChoose || undefined}
        data-over={over || undefined}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Text size="sm">{t('upload.drop')}</Text>
        <Button ref={chooseButton} variant="default" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={accept === 'image' ? 'image/*' : undefined}
          onChange={(e) => {
            if (e.currentTarget.files) uploads.add(e.currentTarget.files)
            e.currentTarget.value = ''
          }}
        />
        {maxBytes !== undefined && (
          <Text size="xs" c="dimmed">
            {t('upload.limit', { limit: formatBytes(maxBytes, i18n.language) })}
          </Text>
        )}
      </div>
      {uploads.items.length > 0 && (
        <>
          <Group justify="space-between" mt="xs">
            <Text size="sm">{t('upload.summary', { done: sum.done + sum.duplicate, total: sum.total, failed: sum.failed })}</Text>
            {sum.pending < sum.total && (
              <Button size="compact-sm" variant="subtle" onClick={uploads.clearFinished}>
                {t('upload.clearFinished')}
              </Button>
            )}
          </Group>
          <ul className="media-upload-list" aria-label={t('upload.list')}>
            {uploads.items.map((i) => (
              <UploadRow key={i.id} item={i} status={statusOf(i)} onRetry={() => uploads.retry(i.id)} onDismiss={() => uploads.dismiss(i.id)} />
            ))}
          </ul>
        </>
      )}
      <div role="log" aria-live="polite" aria-label={t('upload.announcements')} className="visually-hidden">
        {announcements.map((a) => (
          <p key={a.key}>{a.text}</p>
        ))}
      </div>
    </section>
  )
}
