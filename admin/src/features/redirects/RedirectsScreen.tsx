import { Button, Stack, Table, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { DeleteDialog, ListState, RowActions, ScreenStatus, useRecordActions } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
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
            <TextInput
              type="search"
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              maxLength={200}
            />
          </form>
          <ListState
            query={list}
            empty={shown.length === 0}
            emptyText={q.trim() === '' ? t('empty') : t('emptyFiltered', { q: q.trim() })}
            loadingText={t('common:loading')}
          >
            <RedirectTable
              rows={shown}
              onEdit={access.canWrite ? (r) => void ui.openEdit(r.id) : undefined}
              onDelete={access.canEditorDelete ? ui.setDeleting : undefined}
            />
          </ListState>
          {list.data && (
            <Text size="sm" c="dimmed">
              {q.trim() === '' ? t('count', { count: all.length }) : t('shown', { shown: shown.length, total: all.length })}
            </Text>
          )}
        </Stack>
      </section>
      <div className="redirects-tools">
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

function RedirectTable({ rows, onEdit, onDelete }: { rows: Redirect[]; onEdit?: (r: Redirect) => void; onDelete?: (r: Redirect) => void }) {
  const { t } = useTranslation('redirects')
  const actions = onEdit !== undefined || onDelete !== undefined
  return (
    <div className="ui-table-wrap">
      <Table aria-label={t('tableLabel')} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.source')}</Table.Th>
            <Table.Th scope="col">{t('columns.destination')}</Table.Th>
            <Table.Th scope="col">{t('columns.code')}</Table.Th>
            <Table.Th scope="col">{t('columns.active')}</Table.Th>
            {actions && <Table.Th scope="col">{t('columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Th scope="row" className="redirects-path">
                {r.source_path}
              </Table.Th>
              <Table.Td className="redirects-path">{r.destination_path}</Table.Td>
              <Table.Td>{r.status_code}</Table.Td>
              <Table.Td>{r.is_active ? t('yes') : t('no')}</Table.Td>
              {actions && (
                <Table.Td>
                  <RowActions
                    editText={t('editButton')}
                    editLabel={t('edit', { source: r.source_path })}
                    onEdit={onEdit && (() => onEdit(r))}
                    deleteLabel={t('delete', { source: r.source_path })}
                    onDelete={onDelete && (() => onDelete(r))}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}
