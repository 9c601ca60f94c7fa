import { Text } from '@mantine/core'
import type React from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatDateTime } from '../../../shared/i18n/format'
import { DataTable, type Column } from '../../../shared/ui/DataTable'
import type { Media } from '../api'

/** The smallest picture of a file to show in a list: the thumbnail variant, else the image itself (SVG, small images). */
export function thumbnailUrl(m: Pick<Media, 'mime_category' | 'variants' | 'public_url'>): string | undefined {
  if (m.mime_category !== 'image') return undefined
  return m.variants.find((v) => v.variant === 'thumbnail')?.public_url ?? m.public_url
}

/** A file's picture, or a label of its kind; decorative here (the filename beside it names the file). */
export function Thumb({ media, size = 'md' }: { media: Media; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('media')
  const src = thumbnailUrl(media)
  return (
    <span className={`media-thumb media-thumb-${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" /> : <span className="media-kind">{t(`types.${media.mime_category}`)}</span>}
    </span>
  )
}

interface ItemsProps {
  rows: Media[]
  selected: string | undefined
  onOpen: (id: string) => void
  busy: boolean
  /** Files may be dragged onto a folder (Authors); the details' folder select does the same by keyboard. */
  draggable?: boolean
}

/** The drag type of a media file dragged onto a folder (FolderNav). */
export const MEDIA_DRAG_TYPE = 'application/x-atrium-media'

/** A file's button: opens its details (pressed while they are open); Authors may drag it onto a folder. */
function OpenButton({
  media: m,
  className,
  item,
  children,
}: {
  media: Media
  className: string
  item: Omit<ItemsProps, 'rows' | 'busy'>
  children: React.ReactNode
}) {
  const drag = item.draggable
    ? {
        draggable: true,
        onDragStart: (e: React.DragEvent) => {
          e.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify({ id: m.id, name: m.filename }))
          e.dataTransfer.setData('text/plain', m.filename)
          e.dataTransfer.effectAllowed = 'move'
        },
      }
    : {}
  return (
    <button type="button" className={className} aria-pressed={item.selected === m.id} onClick={() => item.onOpen(m.id)} data-media-id={m.id} {...drag}>
      {children}
    </button>
  )
}

/** The grid: one button per file (pressed when its details are open). */
export function MediaGrid({ rows, busy, ...item }: ItemsProps) {
  const { t } = useTranslation('media')
  return (
    <ul className="media-grid" aria-label={t('files')} aria-busy={busy || undefined}>
      {rows.map((m) => (
        <li key={m.id}>
          <OpenButton media={m} className="media-tile" item={item}>
            <Thumb media={m} />
            <span className="media-tile-name">{m.filename}</span>
          </OpenButton>
        </li>
      ))}
    </ul>
  )
}

/** The list: name, type, size, dimensions, date (the shared DataTable: sortable, cards on a phone). */
export function MediaTable({ rows, busy, ...item }: ItemsProps) {
  const { t, i18n } = useTranslation('media')
  const columns: Column<Media>[] = [
    { key: 'preview', header: <span className="visually-hidden">{t('preview')}</span>, cardLabel: '', cell: (m) => <Thumb media={m} size="sm" /> },
    {
      key: 'name',
      header: t('columns.name'),
      rowHeader: true,
      sortValue: (m) => m.filename,
      cell: (m) => (
        <OpenButton media={m} className="media-link" item={item}>
          {m.filename}
        </OpenButton>
      ),
    },
    { key: 'type', header: t('columns.type'), sortValue: (m) => m.mime_type, cell: (m) => <Text size="sm">{m.mime_type}</Text> },
    {
      key: 'size',
      header: t('columns.size'),
      nowrap: true,
      sortValue: (m) => m.size_bytes,
      cell: (m) => (m.size_bytes === null ? '—' : formatBytes(m.size_bytes, i18n.language)),
    },
    { key: 'dimensions', header: t('columns.dimensions'), nowrap: true, cell: (m) => (m.width && m.height ? `${m.width} × ${m.height}` : '—') },
    { key: 'added', header: t('columns.added'), nowrap: true, sortValue: (m) => m.created_at, cell: (m) => formatDateTime(m.created_at, i18n.language) },
  ]
  return (
    <div className="media-table-wrap" aria-busy={busy || undefined}>
      <DataTable label={t('files')} rows={rows} rowKey={(m) => m.id} columns={columns} />
    </div>
  )
}
