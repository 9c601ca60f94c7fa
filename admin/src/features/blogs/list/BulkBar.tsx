import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BulkAction } from '../api'

interface Props {
  count: number
  busy: boolean
  onAction: (action: BulkAction) => void
}

/** Bulk publish, unpublish (back to Draft) and delete of the selected posts; delete asks first. */
export function BulkBar({ count, busy, onAction }: Props) {
  const { t } = useTranslation('blogs')
  const [confirming, setConfirming] = useState(false)
  const none = count === 0
  return (
    <div className="blog-list-bulk" role="group" aria-label={t('list.bulkActions')}>
      <Text size="sm" aria-live="polite">
        {t('list.selected', { count })}
      </Text>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => onAction({ kind: 'publish' })}>
        {t('list.publish')}
      </Button>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => onAction({ kind: 'unpublish' })}>
        {t('list.unpublish')}
      </Button>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => setConfirming(true)}>
        {t('list.delete')}
      </Button>
      {/* lockScroll off: its scroll lock injects a <style> element, which the admin's CSP refuses. */}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('list.confirmDeleteTitle', { count })} lockScroll={false} centered>
        <Text size="sm">{t('list.confirmDeleteText', { count })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('list.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false)
              onAction({ kind: 'delete' })
            }}
          >
            {t('list.confirmDelete', { count })}
          </Button>
        </Group>
      </Modal>
    </div>
  )
}
