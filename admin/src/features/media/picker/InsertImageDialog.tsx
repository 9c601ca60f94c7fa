import { Loader } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImageInsertProps } from '../../../shared/editor/ImagePicker'
import { mediaQueries, type MediaDetail } from '../api'
import '../messages'

const PickerDialog = lazy(() => import('./PickerDialog'))

/** The alt text in the editor's locale, else the first another locale has, else none (the editor can still add it). */
export function altTextOf(media: MediaDetail, localeId: string | null): string {
  const own = media.metadata.find((m) => m.locale_id === localeId)?.alt_text
  return own ?? media.metadata.find((m) => m.alt_text)?.alt_text ?? ''
}

/**
 * The media library in a dialog, for a Markdown text's Image button (the editors' routes provide it): the chosen
 * image goes in with its public address and its alt text.
 */
export function InsertImageDialog({ siteId, localeId, label, opened, onClose, onInsert }: ImageInsertProps) {
  const { t } = useTranslation('media')
  const qc = useQueryClient()
  if (!opened) return null
  return (
    <Suspense fallback={<Loader role="progressbar" size="sm" aria-label={t('loading')} />}>
      <PickerDialog
        opened
        siteId={siteId}
        value={null}
        label={label}
        accept="image"
        onClose={onClose}
        onChoose={(id) => {
          void qc.fetchQuery(mediaQueries.detail(siteId, id)).then((media) => onInsert({ url: media.public_url, alt: altTextOf(media, localeId) }))
        }}
      />
    </Suspense>
  )
}
