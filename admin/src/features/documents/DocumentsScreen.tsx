import type { Schemas } from '@atrium-cms/client'
import { Anchor, Button, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime } from '../../shared/i18n/format'
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog'
import { AnchorLink } from '../../shared/ui/links'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { AddDocumentForm } from './AddDocumentForm'
import { documentQueries, useDeleteDocument } from './api'
import { documentName, formatBytes } from './files'
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
  const site = useQuery(sharedQueries.site(siteId))
  const folders = useQuery(documentQueries.folders(siteId))
  const page = search.page ?? 1
  const list = useQuery(documentQueries.list(siteId, search.folder, page))
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Schemas['Document'] | null>(null)
  const remove = useDeleteDocument(siteId)
  const title = t('title')
  const pages = list.data ? Math.max(1, list.data.meta.total_pages) : 1

  return (
    <Stack gap="md">
      <div className="documents-header">
        <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
        {!adding && <Button onClick={() => setAdding(true)}>{t('add')}</Button>}
      </div>
      <div className="documents-layout">
        <FolderPanel siteId={siteId} folders={folders.data ?? []} current={search.folder} onOpen={(folder) => onSearch(folder ? { folder } : {})} />
        <Stack gap="md">
          {adding && (
            <Card withBorder>
              <AddDocumentForm siteId={siteId} folders={folders.data ?? []} folderId={search.folder} onDone={() => setAdding(false)} />
            </Card>
          )}
          {list.isError ? (
            <ProblemAlert error={list.error} />
          ) : !list.data ? (
            <Text role="status">{t('loading')}</Text>
          ) : list.data.data.length === 0 ? (
            <Text>{t('empty')}</Text>
          ) : (
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
                {list.data.data.map((d) => {
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
                          <Button size="compact-xs" variant="subtle" color="red" aria-label={t('deleteDocument', { name })} onClick={() => setDeleting(d)}>
                            {t('delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          )}
          {pages > 1 && (
            <nav aria-label={t('pages')}>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
                getControlProps={(c) => ({ 'aria-label': t(`pageControl.${c}`) })}
                getItemProps={(p) => ({ 'aria-label': t('pageN', { page: p }) })}
              />
            </nav>
          )}
        </Stack>
      </div>
      {deleting && (
        <ConfirmDialog
          opened
          title={t('deleteDocument', { name: documentName(deleting) })}
          confirmLabel={t('delete')}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          <Text size="sm">{t('deleteDocumentText')}</Text>
          <ProblemAlert error={remove.error} />
        </ConfirmDialog>
      )}
    </Stack>
  )
}
