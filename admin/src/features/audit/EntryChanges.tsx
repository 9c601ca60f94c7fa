import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { focusWhenLost } from '../../shared/ui/focus'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { auditQueries, useRevert } from './api'
import { ChangeDiff } from './ChangeDiff'
import { changesOfEntry, isRevertibleType } from './entryChanges'

/** The field changes of one audit entry, with revert of the ticked fields for Admins where the record type allows it. */
export function EntryChanges({
  siteId,
  entry,
  canRevert,
  recordText,
}: {
  siteId: string
  entry: Schemas['AuditLogEntry']
  canRevert: boolean
  recordText: string
}) {
  const { t } = useTranslation('audit')
  const history = useQuery(auditQueries.history(siteId, entry.entity_type, entry.entity_id ?? ''))
  const change = useMemo(() => (history.data ? changesOfEntry(entry, history.data) : null), [history.data, entry])
  const revertible = isRevertibleType(entry.entity_type)
  const offerRevert = canRevert && revertible && (change?.changeIds.length ?? 0) > 0
  const [selected, setSelected] = useState<Set<string>>(new Set())
  useEffect(() => setSelected(new Set(change?.changeIds ?? [])), [change])
  const [confirming, setConfirming] = useState(false)
  const revert = useRevert(siteId)
  const revertButton = useRef<HTMLButtonElement>(null)

  if (history.isError) return <ProblemAlert error={history.error} />
  if (!history.data) return <Text role="status">{t('loadingChanges')}</Text>
  if (!change) return <Text size="sm">{t('noChanges')}</Text>

  const fieldsOf = (ids: ReadonlySet<string>) => [...new Set(change.rows.filter((r) => ids.has(r.changeId)).map((r) => r.field.split('.')[0]))].join(', ')
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const run = () => {
    setConfirming(false)
    // The dialog returns focus to the Revert button, which is busy (disabled) then: it gets the focus once done.
    focusWhenLost(() => revertButton.current)
    revert.mutate([...selected])
  }

  return (
    <Stack gap="sm">
      <ChangeDiff rows={change.rows} {...(offerRevert ? { selected, onToggle: toggle } : {})} />
      {!revertible && (
        <Text size="xs" c="dimmed">
          {t('notRevertibleType')}
        </Text>
      )}
      {revertible && !canRevert && (
        <Text size="xs" c="dimmed">
          {t('revertNeedsAdmin')}
        </Text>
      )}
      {offerRevert && (
        <Group gap="sm">
          <Button ref={revertButton} size="xs" variant="default" disabled={selected.size === 0} loading={revert.isPending} onClick={() => setConfirming(true)}>
            {selected.size === 0 ? t('revertNone') : t('revertSelected', { count: selected.size })}
          </Button>
        </Group>
      )}
      {revert.isSuccess && (
        <Alert color="green" variant="light" role="status">
          {t('reverted', { fields: revert.data.fields_reverted.join(', ') })}
        </Alert>
      )}
      {revert.isError && <ProblemAlert error={revert.error} title={t('revertFailed')} />}
      {/* lockScroll off: the scroll lock (react-remove-scroll-bar) injects a <style> element, which the admin's CSP refuses. */}
      <Modal lockScroll={false} opened={confirming} onClose={() => setConfirming(false)} title={t('confirmTitle')}>
        <Text mb="md">{t('confirmText', { count: selected.size, fields: fieldsOf(selected) })}</Text>
        <Text size="sm" c="dimmed" mb="md">
          {recordText}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={run}>
            {t('confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  )
}
