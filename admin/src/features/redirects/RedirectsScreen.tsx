import { Button, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ScreenStatus, useRecordActions } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, type Column } from '../../shared/ui/DataTable'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SearchField } from '../../shared/ui/SearchField'
import { redirectResource, type Redirect } from './api'
import { ImportPanel } from './ImportPanel'
import { RedirectForm } from './RedirectForm'
import { matchesQuery, normalizePath } from './rules'
import { TestPath } from './TestPath'

/**
 * The site's redirects: the whole list searched as you type (the list endpoint has no text filter), create and edit in
 * a dialog (If-Match on edits), delete after a confirmation, "test a path" through the lookup, and the CSV import.
 */
export function RedirectsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('redirects')
  const list = useQuery(redirectResource.all(siteId))
  const access = useSiteAccess(siteId)
  const m = redirectResource.useMutations(siteId)
  const ui = useRecordActions(redirectResource.get)
  const [q, setQ] = useState('')
  const all = useMemo(() => list.data ?? [], [list.data])
  const shown = useMemo(() => all.filter((r) => matchesQuery(r, q)), [all, q])
  const existing = useMemo(() => new Set(all.map((r) => normalizePath(r.source_path))), [all])
  const { editing, deleting } = ui

  return (
    <Stack gap="lg">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {access.canWrite && <Button onClick={ui.openNew}>{t('newRedirect')}</Button>}
      </ScreenHeader>
      <ScreenStatus notice={ui.notice} loadError={ui.loadError} />
      <section aria-label={t('tableLabel')}>
        <Stack gap="sm">
          <form role="search" aria-label={t('search')} onSubmit={(e) => e.preventDefault()} className="redirects-search">
            <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={q} onChange={setQ} />
          </form>
          <RedirectTable
            rows={list.data && shown}
            list={list}
            empty={q.trim() === '' ? t('empty') : t('emptyFiltered', { q: q.trim() })}
            onEdit={access.canWrite ? (r) => void ui.openEdit(r.id) : undefined}
            onDelete={access.canEditorDelete ? ui.setDeleting : undefined}
          />
          {list.data && (
            <Text size="sm" c="dimmed">
              {q.trim() === '' ? t('count', { count: all.length }) : t('shown', { shown: shown.length, total: all.length })}
            </Text>
          )}
        </Stack>
      </section>
      <div className="ui-columns">
        <TestPath siteId={siteId} />
        {access.canWrite && <ImportPanel siteId={siteId} existing={existing} onDone={() => void m.invalidate()} />}
      </div>
      {editing && (
        <RedirectForm
          editing={editing}
          onClose={() => ui.setEditing(null)}
          onSave={(v, etag) => m.save(editing.record, v, etag)}
          onSaved={(r) => (ui.setEditing(null), ui.setNotice(t('form.saved', { source: r.source_path })))}
        />
      )}
      <DeleteDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        mutation={m.remove}
        onConfirm={() =>
          deleting && m.remove.mutate(deleting.id, { onSuccess: () => (ui.setDeleting(null), ui.setNotice(t('deleted', { source: deleting.source_path }))) })
        }
        onClose={() => ui.setDeleting(null)}
      >
        {deleting ? t('deleteText', { source: deleting.source_path, destination: deleting.destination_path }) : ''}
      </DeleteDialog>
    </Stack>
  )
}

interface TableProps {
  rows: Redirect[] | undefined
  list: { error: unknown; refetch: () => unknown }
  empty: string
  onEdit?: (r: Redirect) => void
  onDelete?: (r: Redirect) => void
}

function RedirectTable({ rows, list, empty, onEdit, onDelete }: TableProps) {
  const { t } = useTranslation('redirects')
  const columns: Column<Redirect>[] = [
    { key: 'source', header: t('columns.source'), cell: (r) => r.source_path, truncate: (r) => r.source_path, sortValue: (r) => r.source_path },
    {
      key: 'destination',
      header: t('columns.destination'),
      cell: (r) => r.destination_path,
      truncate: (r) => r.destination_path,
      sortValue: (r) => r.destination_path,
    },
    { key: 'code', header: t('columns.code'), cell: (r) => r.status_code, sortValue: (r) => r.status_code },
    { key: 'active', header: t('columns.active'), cell: (r) => (r.is_active ? t('yes') : t('no')), sortValue: (r) => (r.is_active ? 0 : 1) },
  ]
  const actions = editDeleteActions<Redirect>({
    onEdit,
    editName: (r) => t('edit', { source: r.source_path }),
    onDelete,
    deleteName: (r) => t('delete', { source: r.source_path }),
  })
  return (
    <DataTable
      label={t('tableLabel')}
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      actions={actions}
      empty={empty}
      error={list.error}
      onRetry={() => void list.refetch()}
      loadingText={t('common:loading')}
    />
  )
}
