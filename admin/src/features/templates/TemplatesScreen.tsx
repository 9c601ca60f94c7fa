import type { Schemas } from '@atrium-cms/client'
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { DeleteDialog, ListState, useConfirmDelete } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
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
        <TextInput
          type="search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maxLength={200}
        />
      </form>
      <ProblemAlert error={open.error} />
      <ListState query={list} empty={list.data?.data.length === 0} emptyText={t('empty')} loadingText={t('loading')}>
        <TemplateTable rows={list.data?.data ?? []} onEdit={(tpl) => open.mutate(tpl.id)} onDelete={remove.ask} onApply={setApplying} />
      </ListState>
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

function TemplateTable({ rows, onEdit, onDelete, onApply }: { rows: Row[]; onEdit: (r: Row) => void; onDelete: (r: Row) => void; onApply: (r: Row) => void }) {
  const { t, i18n } = useTranslation('templates')
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('name')}</Table.Th>
          <Table.Th scope="col">{t('contentType')}</Table.Th>
          <Table.Th scope="col">{t('updated')}</Table.Th>
          <Table.Th scope="col">{t('actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Text fw={600} size="sm">
                {r.name}
              </Text>
              {r.description && (
                <Text size="xs" c="dimmed">
                  {r.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`types.${r.content_type}`)}</Table.Td>
            <Table.Td>{formatDateTime(r.updated_at, i18n.language)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {(r.content_type === 'blog' || r.content_type === 'page') && (
                  <Button size="compact-xs" variant="light" onClick={() => onApply(r)} aria-label={t('apply', { name: r.name })}>
                    {t('use')}
                  </Button>
                )}
                <Button size="compact-xs" variant="subtle" onClick={() => onEdit(r)} aria-label={t('edit', { name: r.name })}>
                  ✎
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(r)} aria-label={t('deleteTitle', { name: r.name })}>
                  {t('delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
