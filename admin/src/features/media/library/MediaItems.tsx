import { Table, Text } from '@mantine/core'
import type React from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatDateTime } from '../../../shared/i18n/format'
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

const dragProps = (m: Media, on: boolean | undefined) =>
  on
    ? {
        draggable: true,
        onDragStart: (e: React.DragEvent) => {
          e.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify({ id: m.id, name: m.filename }))
          e.dataTransfer.setData('text/plain', m.filename)
          e.dataTransfer.effectAllowed = 'move'
        },
      }
    : {}

/** The grid: one button per file (pressed when its details are open). */
export function MediaGrid({ rows, selected, onOpen, busy, draggable }: ItemsProps) {
  const { t } = useTranslation('media')
  return (
    <ul className="media-grid" aria-label={t('files')} aria-busy={busy || undefined}>
      {rows.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className="media-tile"
            aria-pressed={selected === m.id}
            onClick={() => onOpen(m.id)}
            data-media-id={m.id}
            {...dragProps(m, draggable)}
          >
            <Thumb media={m} />
            <span className="media-tile-name">{m.filename}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The list: name, type, size, dimensions, date. */
export function MediaTable({ rows, selected, onOpen, busy, draggable }: ItemsProps) {
  const { t, i18n } = useTranslation('media')
  return (
    <div className="media-table-wrap">
      <Table aria-label={t('files')} aria-busy={busy || undefined} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <span className="visually-hidden">{t('preview')}</span>
            </Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.size')}</Table.Th>
            <Table.Th>{t('columns.dimensions')}</Table.Th>
            <Table.Th>{t('columns.added')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Thumb media={m} size="sm" />
              </Table.Td>
              <Table.Td>
                <button
                  type="button"
                  className="media-link"
                  aria-pressed={selected === m.id}
                  onClick={() => onOpen(m.id)}
                  data-media-id={m.id}
                  {...dragProps(m, draggable)}
                >
                  {m.filename}
                </button>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.mime_type}</Text>
              </Table.Td>
              <Table.Td>{m.size_bytes === null ? '—' : formatBytes(m.size_bytes, i18n.language)}</Table.Td>
              <Table.Td>{m.width && m.height ? `${m.width} × ${m.height}` : '—'}</Table.Td>
              <Table.Td>{formatDateTime(m.created_at, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}
