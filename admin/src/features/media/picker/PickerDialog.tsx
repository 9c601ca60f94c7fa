import { Button, Modal } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { canAuthor } from '../../../shared/logic/access'
import { MediaBrowser } from '../library/MediaBrowser'
import type { MediaSearch } from '../library/search'

interface Props {
  opened: boolean
  siteId: string
  value: string | null
  label: string
  accept: 'image' | 'any'
  onClose: () => void
  onChoose: (id: string) => void
}

/** The picker's dialog: the media library with its state kept here, and "Use this file" on the open file. */
export default function PickerDialog({ opened, siteId, value, label, accept, onClose, onChoose }: Props) {
  const { t } = useTranslation('media')
  const me = useQuery(sharedQueries.me())
  const [search, setSearch] = useState<MediaSearch>(value ? { item: value } : {})
  return (
    // lockScroll off: its scroll lock injects a <style> element, which the admin's CSP refuses.
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('picker.title', { label })}
      size="min(1200px, 96vw)"
      className="media-picker-dialog"
      closeButtonProps={{ 'aria-label': t('picker.close') }}
      lockScroll={false}
    >
      <MediaBrowser
        siteId={siteId}
        search={search}
        onSearch={setSearch}
        canEdit={canAuthor(me.data, siteId)}
        accept={accept}
        headingLevel={3}
        detailsAction={(m) => {
          const fits = accept === 'any' || m.mime_category === 'image'
          return (
            <Button onClick={() => onChoose(m.id)} disabled={!fits}>
              {accept === 'image' ? t('picker.useImage') : t('picker.useFile')}
            </Button>
          )
        }}
      />
    </Modal>
  )
}
