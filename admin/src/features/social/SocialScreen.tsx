import { Button, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ScreenStatus, useRecordActions } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, type Column } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { social, type SocialLink } from './api'
import { SocialForm } from './SocialForm'

const nameOf = (l: SocialLink) => l.label ?? l.platform

/**
 * The site's social links in display order, on the DataTable's reorderable rows: drag a handle, or use the keyboard on
 * it (dnd-kit's keyboard sensor, moves announced in its live region), or Move up / Move down (announced in ours). Every
 * change is saved at once through the API's reorder (`{ items: [{ id, display_order }] }`), optimistically.
 */
export function SocialScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('social')
  const list = useQuery(social.list(siteId))
  const access = useSiteAccess(siteId)
  const m = social.useMutations(siteId)
  const ui = useRecordActions(social.get)
  const { editing, deleting } = ui
  const save = (ids: string[], said = '') => {
    const byId = new Map((list.data ?? []).map((l) => [l.id, l]))
    const rows = ids.flatMap((id) => byId.get(id) ?? [])
    ui.setNotice(said)
    m.reorder.mutate(
      { rows, body: { items: ids.map((id, i) => ({ id, display_order: i })) } },
      { onSuccess: () => ui.setNotice(`${said ? `${said} ` : ''}${t('orderSaved')}`) },
    )
  }
  const columns: Column<SocialLink>[] = [
    { key: 'name', header: t('columns.name'), cell: nameOf },
    { key: 'platform', header: t('form.platform'), cell: (l) => l.platform },
    { key: 'url', header: t('form.url'), cell: (l) => l.url, truncate: (l) => l.url },
    { key: 'status', header: t('columns.status'), cell: (l) => (l.is_active ? t('active') : t('inactive')), nowrap: true },
  ]

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('new')}</Button>}
      </ScreenHeader>
      {access.canWrite && <Text size="sm">{t('intro')}</Text>}
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      {m.reorder.isError && (
        <ProblemAlert error={m.reorder.error}>
          <Text size="sm">{t('orderFailed')}</Text>
        </ProblemAlert>
      )}
      <DataTable
        label={t('listLabel')}
        rows={list.data}
        rowKey={(l) => l.id}
        columns={columns}
        reorder={access.canWrite ? { name: nameOf, onReorder: save, instructions: t('instructions') } : undefined}
        actions={editDeleteActions<SocialLink>({
          onEdit: access.canWrite ? (l) => void ui.openEdit(l.id) : undefined,
          editName: (l) => t('edit', { name: nameOf(l) }),
          onDelete: access.canEditorDelete ? ui.setDeleting : undefined,
          deleteName: (l) => t('delete', { name: nameOf(l) }),
        })}
        empty={t('empty')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
      {editing && (
        <SocialForm
          record={editing.record}
          etag={editing.etag}
          onClose={() => ui.setEditing(null)}
          onSave={(v, etag) => m.save(editing.record, v, etag)}
          onSaved={(r) => (ui.setEditing(null), ui.setNotice(t('saved', { name: nameOf(r) })))}
        />
      )}
      <DeleteDialog
        opened={deleting !== null}
        title={deleting ? t('deleteTitle', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('deleteConfirm')}
        mutation={m.remove}
        onConfirm={() =>
          deleting && m.remove.mutate(deleting.id, { onSuccess: () => (ui.setDeleting(null), ui.setNotice(t('deleted', { name: nameOf(deleting) }))) })
        }
        onClose={() => ui.setDeleting(null)}
      >
        {deleting ? t('deleteText', { url: deleting.url }) : ''}
      </DeleteDialog>
    </Stack>
  )
}
