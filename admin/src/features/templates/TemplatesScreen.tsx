import type { Schemas } from '@atrium-cms/client'
import { Button, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { DeleteDialog, useConfirmDelete } from '../../shared/ui/crud'
import { DataTable, editDeleteActions, type Column, type RowAction } from '../../shared/ui/DataTable'
import { ApplyIcon } from '../../shared/ui/icons'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SearchField } from '../../shared/ui/SearchField'
import { Pager } from '../../shared/ui/Pager'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { templateList, templateResource } from './api'
import { ApplyTemplate } from './ApplyTemplate'
import type { TemplatesSearch } from './routes'
import { TemplateForm, type Editing } from './TemplateForm'
import './templates.css'

interface Props {
  siteId: string
  search: TemplatesSearch
  onSearch: (next: TemplatesSearch, replace?: boolean) => void
}

/** The site's content templates: search (in the URL), create, edit as JSON, delete, and start a post or page from one. */
export function TemplatesScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('templates')
  const page = search.page ?? 1
  const list = useQuery(templateList(siteId, search.q ?? '', page))
  const [typed, setTyped] = useState(search.q ?? '')
  const [debounced] = useDebouncedValue(typed.trim(), 350)
  useEffect(() => {
    if (debounced !== (search.q ?? '')) onSearch({ ...(debounced ? { q: debounced } : {}) }, true)
  }, [debounced])
  const [editing, setEditing] = useState<Editing | null>(null)
  const [applying, setApplying] = useState<Schemas['ContentTemplate'] | null>(null)
  const remove = useConfirmDelete(templateResource.useMutations(siteId).remove, (tpl: Schemas['ContentTemplate']) => tpl.id)
  // Edit starts from the record as GET by id answers it, for its ETag.
  const open = useMutation({ mutationFn: templateResource.get, onSuccess: (loaded) => setEditing({ template: loaded.data, etag: loaded.etag }) })

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        <Button onClick={() => setEditing({})}>{t('newTemplate')}</Button>
      </ScreenHeader>
      <Text size="sm">{t('intro')}</Text>
      <form role="search" aria-label={t('search')} onSubmit={(e) => e.preventDefault()}>
        <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
      </form>
      <ProblemAlert error={open.error} />
      <TemplateTable list={list} onEdit={(tpl) => open.mutate(tpl.id)} onDelete={remove.ask} onApply={setApplying} />
      <Pager label={t('pages')} pages={list.data?.meta.total_pages ?? 1} page={page} onPage={(p) => onSearch({ ...search, page: p })} />
      {editing && <TemplateForm siteId={siteId} editing={editing} onClose={() => setEditing(null)} />}
      {applying && <ApplyTemplate siteId={siteId} template={applying} onClose={() => setApplying(null)} />}
      {remove.target && (
        <DeleteDialog {...remove.dialog} title={t('deleteTitle', { name: remove.target.name })} confirmLabel={t('delete')} cannotUndoNote={false}>
          {t('deleteText')}
        </DeleteDialog>
      )}
    </Stack>
  )
}

type Row = Schemas['ContentTemplate']

interface TableProps {
  list: { data?: { data: Row[] }; error: unknown; refetch: () => unknown }
  onEdit: (r: Row) => void
  onDelete: (r: Row) => void
  onApply: (r: Row) => void
}

function TemplateTable({ list, onEdit, onDelete, onApply }: TableProps) {
  const { t, i18n } = useTranslation('templates')
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('name'),
      sortValue: (r) => r.name,
      cell: (r) => (
        <>
          {r.name}
          {r.description && (
            <Text size="xs" c="dimmed" fw={400}>
              {r.description}
            </Text>
          )}
        </>
      ),
    },
    { key: 'type', header: t('contentType'), sortValue: (r) => r.content_type, cell: (r) => t(`types.${r.content_type}`) },
    { key: 'updated', header: t('updated'), sortValue: (r) => r.updated_at, cell: (r) => formatDateTime(r.updated_at, i18n.language) },
  ]
  const actions: RowAction<Row>[] = [
    {
      key: 'apply',
      label: t('use'),
      name: (r) => t('apply', { name: r.name }),
      icon: ApplyIcon,
      onClick: onApply,
      hidden: (r) => r.content_type !== 'blog' && r.content_type !== 'page',
    },
    ...editDeleteActions<Row>({ onEdit, editName: (r) => t('edit', { name: r.name }), onDelete, deleteName: (r) => t('deleteTitle', { name: r.name }) }),
  ]
  return (
    <DataTable
      label={t('title')}
      rows={list.data?.data}
      rowKey={(r) => r.id}
      columns={columns}
      actions={actions}
      empty={t('empty')}
      error={list.error}
      onRetry={() => void list.refetch()}
      loadingText={t('loading')}
      striped
    />
  )
}
