import type { Schemas } from '@atrium-cms/client'
import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import './bulk.css'
import './bulkMessages'

/** What the content-workflow bulk routes (POST /sites/{site_id}/blogs|pages/bulk) do to the selected records. */
export type BulkAction = { kind: 'publish' } | { kind: 'unpublish' } | { kind: 'delete' }

export const bulkBodyOf = (action: BulkAction, ids: string[]): Schemas['BulkBody'] =>
  action.kind === 'delete' ? { action: 'Delete', ids } : { action: 'UpdateStatus', ids, status: action.kind === 'publish' ? 'Published' : 'Draft' }

interface Props {
  /** The feature's namespace: its `list.` strings name the records (posts, pages) in the delete confirmation. */
  ns: string
  count: number
  busy: boolean
  onAction: (action: BulkAction) => void
}

/** Bulk publish, unpublish (back to Draft) and delete of the selected records; delete asks first. */
export function BulkBar({ ns, count, busy, onAction }: Props) {
  const { t } = useTranslation('bulk')
  const { t: records } = useTranslation(ns, { keyPrefix: 'list' })
  const [confirming, setConfirming] = useState(false)
  const none = count === 0
  return (
    <div className="bulk-bar" role="group" aria-label={t('bulkActions')}>
      <Text size="sm" aria-live="polite">
        {t('selected', { count })}
      </Text>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => onAction({ kind: 'publish' })}>
        {t('publish')}
      </Button>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => onAction({ kind: 'unpublish' })}>
        {t('unpublish')}
      </Button>
      <Button size="xs" variant="default" disabled={none} loading={busy} onClick={() => setConfirming(true)}>
        {t('delete')}
      </Button>
      {/* lockScroll off: its scroll lock injects a <style> element, which the admin's CSP refuses. */}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={records('confirmDeleteTitle', { count })} lockScroll={false} centered>
        <Text size="sm">{records('confirmDeleteText', { count })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false)
              onAction({ kind: 'delete' })
            }}
          >
            {records('confirmDelete', { count })}
          </Button>
        </Group>
      </Modal>
    </div>
  )
}
