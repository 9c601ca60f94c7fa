import { Alert, Button, CloseButton, Group, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/i18n/format'
import { toFormError } from '../../../shared/logic/errors'
import { DataTable, type Column } from '../../../shared/ui/DataTable'
import { mediaQueries, useDeleteMedia, type Media, type MediaDetail } from '../api'
import { FileSettings } from './FileSettings'
import { FocalPoint } from './FocalPoint'
import { MetadataForm } from './MetadataForm'
import { CopyField, RenditionUrls } from './Renditions'
import { ReplaceFile } from './ReplaceFile'
import { WhereUsed } from './WhereUsed'
import { ErrorNotice } from './Notices'

interface Props {
  siteId: string
  mediaId: string
  canEdit: boolean
  canDelete: boolean
  onClose: () => void
  onDeleted: () => void
  /** The picker's "Use this file". */
  action?: ((media: Media) => ReactNode) | undefined
  headingLevel: 2 | 3
}

/** The file's largest picture that is not huge: medium, else small, thumbnail, or the file itself. */
function previewUrl(m: MediaDetail): string | undefined {
  if (m.mime_category !== 'image') return undefined
  for (const v of ['medium', 'small', 'thumbnail'] as const) {
    const found = m.variants.find((x) => x.variant === v)
    if (found) return found.public_url
  }
  return m.public_url
}

/**
 * One file: a preview, its facts, its variants with their sizes, the public URL to copy, its texts per locale (alt
 * text, caption, title) and delete with a confirmation.
 */
export function MediaDetails({ siteId, mediaId, canEdit, canDelete, onClose, onDeleted, action, headingLevel }: Props) {
  const { t, i18n } = useTranslation('media')
  const detail = useQuery(mediaQueries.detail(siteId, mediaId))
  const locales = useQuery(mediaQueries.locales(siteId))
  const H = `h${headingLevel}` as const
  const m = detail.data
  const src = m && previewUrl(m)
  const alt = m?.metadata.find((x) => x.alt_text)?.alt_text ?? ''
  return (
    <section className="media-details" aria-labelledby="media-details-heading">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <H id="media-details-heading" className="media-side-heading media-filename">
          {m ? m.filename : t('detailsTitle')}
        </H>
        <CloseButton onClick={onClose} aria-label={t('closeDetails')} />
      </Group>
      {detail.isError ? (
        <Alert variant="default" role="alert" className="ui-alert ui-alert-error" title={t('loadFailed')}>
          {detail.error.message}
        </Alert>
      ) : !m ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <Stack gap="sm">
          {m.image_url ? <FocalPoint siteId={siteId} media={m} alt={alt} readOnly={!canEdit} /> : src && <img className="media-preview" src={src} alt={alt} />}
          {action?.(m)}
          <dl className="media-facts">
            <dt>{t('columns.type')}</dt>
            <dd>{m.mime_type}</dd>
            <dt>{t('columns.size')}</dt>
            <dd>{m.size_bytes === null ? '—' : formatBytes(m.size_bytes, i18n.language)}</dd>
            {m.width !== null && m.height !== null && (
              <>
                <dt>{t('columns.dimensions')}</dt>
                <dd>{`${m.width} × ${m.height}`}</dd>
              </>
            )}
          </dl>
          {canEdit && <FileSettings siteId={siteId} media={m} />}
          {canEdit && <ReplaceFile siteId={siteId} media={m} />}
          <CopyField label={t('publicUrl')} value={m.public_url} copyLabel={t('copyUrl')} />
          <RenditionUrls media={m} />
          <Variants media={m} />
          <WhereUsed siteId={siteId} mediaId={m.id} />
          {locales.data && <MetadataForm media={m} locales={locales.data} siteId={siteId} readOnly={!canEdit} headingLevel={headingLevel === 2 ? 3 : 4} />}
          {canDelete && <DeleteMedia siteId={siteId} media={m} onDeleted={onDeleted} />}
        </Stack>
      )}
    </section>
  )
}

function Variants({ media }: { media: MediaDetail }) {
  const { t, i18n } = useTranslation('media')
  if (media.variants.length === 0) {
    return media.mime_category === 'image' ? (
      <Text size="sm" c="dimmed">
        {t('variants.none')}
      </Text>
    ) : null
  }
  const columns: Column<MediaDetail['variants'][number]>[] = [
    {
      key: 'variant',
      header: t('variants.name'),
      cell: (v) => (
        <a href={v.public_url} target="_blank" rel="noreferrer">
          {t(`variants.${v.variant}`)}
        </a>
      ),
    },
    { key: 'dimensions', header: t('columns.dimensions'), nowrap: true, cell: (v) => `${v.width} × ${v.height}` },
    { key: 'size', header: t('columns.size'), nowrap: true, cell: (v) => formatBytes(v.size_bytes, i18n.language) },
  ]
  return (
    <Stack gap={4} className="media-variants">
      <Text size="sm" fw={500} aria-hidden="true">
        {t('variants.title')}
      </Text>
      <DataTable label={t('variants.title')} rows={media.variants} rowKey={(v) => v.variant} columns={columns} />
    </Stack>
  )
}

/** Delete with a confirmation that says what happens: the files go, references elsewhere stop loading. */
function DeleteMedia({ siteId, media, onDeleted }: { siteId: string; media: Media; onDeleted: () => void }) {
  const { t } = useTranslation('media')
  const [open, setOpen] = useState(false)
  const del = useDeleteMedia(siteId)
  const error = del.error ? toFormError(del.error) : undefined
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('delete.button')}
      </Button>
      {/* lockScroll off: its scroll lock injects a <style> element, which the admin's CSP refuses. */}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('delete.title', { name: media.filename })}
        closeButtonProps={{ 'aria-label': t('cancel') }}
        lockScroll={false}
      >
        <Stack gap="sm">
          <Text size="sm">{t('delete.text')}</Text>
          <Text size="sm">{t('delete.references')}</Text>
          {error && <ErrorNotice error={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={del.isPending} onClick={() => del.mutate(media.id, { onSuccess: () => (setOpen(false), onDeleted()) })}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
