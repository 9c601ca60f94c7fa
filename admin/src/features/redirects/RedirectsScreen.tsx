import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { useSiteAccess } from '../../shared/api/useSiteAccess'
import { ConfirmModal } from '../../shared/ui/ConfirmModal'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { getRedirect, redirectQueries, useRedirectMutations, type Redirect } from './api'
import { ImportPanel } from './ImportPanel'
import { RedirectForm, type Editing } from './RedirectForm'
import { matchesQuery, normalizePath } from './rules'
import { TestPath } from './TestPath'

/**
 * The site's redirects: the whole list searched as you type (the list endpoint has no text filter), create and edit in
 * a dialog (If-Match on edits), delete after a confirmation, "test a path" through the lookup, and the CSV import.
 */
export function RedirectsScreen({ siteId }: { siteId: string }) {
  const { t } = useTranslation('redirects')
  const site = useQuery(sharedQueries.site(siteId))
  const list = useQuery(redirectQueries.all(siteId))
  const access = useSiteAccess(siteId)
  const mutations = useRedirectMutations(siteId)
  const [q, setQ] = useState('')
  const [editing, setEditing] = useState<Editing | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [deleting, setDeleting] = useState<Redirect | null>(null)
  const [notice, setNotice] = useState('')

  const all = list.data ?? []
  const shown = useMemo(() => all.filter((r) => matchesQuery(r, q)), [all, q])
  const existing = useMemo(() => new Set(all.map((r) => normalizePath(r.source_path))), [all])

  const openEdit = async (r: Redirect) => {
    setLoadError(null)
    try {
      const loaded = await getRedirect(r.id)
      setEditing({ record: loaded.data, etag: loaded.etag })
    } catch (e) {
      setLoadError(e)
    }
  }
  const confirmDelete = () => {
    if (!deleting) return
    const gone = deleting
    mutations.remove.mutate(gone.id, {
      onSuccess: () => {
        setDeleting(null)
        setNotice(t('deleted', { source: gone.source_path }))
      },
    })
  }
  const title = t('title')

  return (
    <Stack gap="lg">
      <div className="ui-screen-header">
        <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
        {access.canWrite && <Button onClick={() => (setNotice(''), setEditing({}))}>{t('newRedirect')}</Button>}
      </div>
      <Text role="status" aria-live="polite" size="sm">
        {notice}
      </Text>
      {loadError !== null && <ProblemAlert error={loadError} />}

      <section aria-label={t('tableLabel')}>
        <Stack gap="sm">
          <form role="search" aria-label={t('search')} onSubmit={(e) => e.preventDefault()} className="redirects-search">
            <TextInput type="search" label={t('search')} placeholder={t('searchPlaceholder')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maxLength={200} />
          </form>
          {list.isError ? (
            <ProblemAlert error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <Text role="status">{t('common:loading')}</Text>
          ) : shown.length === 0 ? (
            <Text>{q.trim() === '' ? t('empty') : t('emptyFiltered', { q: q.trim() })}</Text>
          ) : (
            <div className="ui-table-wrap">
              <Table aria-label={t('tableLabel')} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('columns.source')}</Table.Th>
                    <Table.Th scope="col">{t('columns.destination')}</Table.Th>
                    <Table.Th scope="col">{t('columns.code')}</Table.Th>
                    <Table.Th scope="col">{t('columns.active')}</Table.Th>
                    {(access.canWrite || access.canEditorDelete) && <Table.Th scope="col">{t('columns.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Th scope="row" className="redirects-path">
                        {r.source_path}
                      </Table.Th>
                      <Table.Td className="redirects-path">{r.destination_path}</Table.Td>
                      <Table.Td>{r.status_code}</Table.Td>
                      <Table.Td>{r.is_active ? t('yes') : t('no')}</Table.Td>
                      {(access.canWrite || access.canEditorDelete) && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {access.canWrite && (
                              <Button size="compact-sm" variant="default" aria-label={t('edit', { source: r.source_path })} onClick={() => void openEdit(r)}>
                                {t('editButton')}
                              </Button>
                            )}
                            {access.canEditorDelete && (
                              <Tooltip label={t('delete', { source: r.source_path })}>
                                <ActionIcon variant="default" aria-label={t('delete', { source: r.source_path })} onClick={() => setDeleting(r)}>
                                  <span aria-hidden="true">✕</span>
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          {list.data && (
            <Text size="sm" c="dimmed">
              {q.trim() === '' ? t('count', { count: all.length }) : t('shown', { shown: shown.length, total: all.length })}
            </Text>
          )}
        </Stack>
      </section>

      <div className="redirects-tools">
        <TestPath siteId={siteId} />
        {access.canWrite && <ImportPanel siteId={siteId} existing={existing} canImport={access.canEditorDelete} onDone={() => void mutations.invalidate()} />}
      </div>

      {editing && (
        <RedirectForm
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={(v, etag) => (editing.record ? mutations.update.mutateAsync({ id: editing.record.id, v, etag }) : mutations.create.mutateAsync(v))}
          onSaved={(r) => {
            setEditing(null)
            setNotice(t('form.saved', { source: r.source_path }))
          }}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        busy={mutations.remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => (mutations.remove.reset(), setDeleting(null))}
      >
        <Stack gap="xs">
          <Text size="sm">{deleting ? t('deleteText', { source: deleting.source_path, destination: deleting.destination_path }) : ''}</Text>
          {mutations.remove.isError && <ProblemAlert error={mutations.remove.error} />}
        </Stack>
      </ConfirmModal>
    </Stack>
  )
}
