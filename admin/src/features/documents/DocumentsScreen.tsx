import type { Schemas } from '@atrium-cms/client'
import { Anchor, Button, Card, Group, Stack, Table } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatDateTime } from '../../shared/i18n/format'
import { DeleteDialog, ListState, useConfirmDelete } from '../../shared/ui/crud'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { AnchorLink } from '../../shared/ui/links'
import { Pager } from '../../shared/ui/Pager'
import { AddDocumentForm } from './AddDocumentForm'
import { documentQueries, useDeleteDocument } from './api'
import { documentName } from './files'
import { FolderPanel } from './FolderPanel'
import type { DocumentsSearch } from './routes'
import './documents.css'

interface Props {
  siteId: string
  search: DocumentsSearch
  onSearch: (next: DocumentsSearch) => void
}

/** The site's documents by folder (folder and page in the URL): add a file or a link, download, edit, delete. */
export function DocumentsScreen({ siteId, search, onSearch }: Props) {
  const { t, i18n } = useTranslation('documents')
  const folders = useQuery(documentQueries.folders(siteId))
  const page = search.page ?? 1
  const list = useQuery(documentQueries.list(siteId, search.folder, page))
  const [adding, setAdding] = useState(false)
  const remove = useConfirmDelete(useDeleteDocument(siteId), (d: Schemas['Document']) => d.id)

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')}>
        {!adding && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      </ScreenHeader>
      <div className="documents-layout">
        <FolderPanel siteId={siteId} folders={folders.data ?? []} current={search.folder} onOpen={(folder) => onSearch(folder ? { folder } : {})} />
        <Stack gap="md">
          {adding && (
            <Card withBorder>
              <AddDocumentForm siteId={siteId} folders={folders.data ?? []} folderId={search.folder} onDone={() => setAdding(false)} />
            </Card>
          )}
          <ListState query={list} empty={list.data?.data.length === 0} emptyText={t('empty')} loadingText={t('loading')}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('name')}</Table.Th>
                  <Table.Th scope="col">{t('documentType')}</Table.Th>
                  <Table.Th scope="col">{t('size')}</Table.Th>
                  <Table.Th scope="col">{t('updated')}</Table.Th>
                  <Table.Th scope="col">{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((d) => {
                  const name = documentName(d)
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>
                        <AnchorLink to="/sites/$siteId/documents/$documentId" params={{ siteId, documentId: d.id }}>
                          {name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{d.document_type}</Table.Td>
                      <Table.Td>{d.file_size !== null ? formatBytes(d.file_size, i18n.language) : t('external')}</Table.Td>
                      <Table.Td>{formatDateTime(d.updated_at, i18n.language)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Anchor href={d.download_url} aria-label={t('download', { name })} target="_blank" rel="noopener">
                            ⤓
                          </Anchor>
                          <Button size="compact-xs" variant="subtle" color="red" aria-label={t('deleteDocument', { name })} onClick={() => remove.ask(d)}>
                            {t('delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </ListState>
          <Pager label={t('pages')} pages={list.data?.meta.total_pages ?? 1} page={page} onPage={(p) => onSearch({ ...search, page: p })} />
        </Stack>
      </div>
      {remove.target && (
        <DeleteDialog {...remove.dialog} title={t('deleteDocument', { name: documentName(remove.target) })} confirmLabel={t('delete')} cannotUndoNote={false}>
          {t('deleteDocumentText')}
        </DeleteDialog>
      )}
    </Stack>
  )
}
