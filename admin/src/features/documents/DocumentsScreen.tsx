import type { Schemas } from '@atrium-cms/client'
import { Button, Card, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatDateTime } from '../../shared/i18n/format'
import { DeleteDialog, useConfirmDelete } from '../../shared/ui/crud'
import { DataTable } from '../../shared/ui/DataTable'
import { DeleteIcon, DownloadIcon } from '../../shared/ui/icons'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { AnchorLink } from '../../shared/ui/links'
import { Pager } from '../../shared/ui/Pager'
import { useRecordListColumns } from '../../shared/ui/recordListColumns'
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
  const shared = useRecordListColumns()
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
          <DataTable
            label={t('title')}
            rows={list.data?.data}
            rowKey={(d) => d.id}
            empty={t('empty')}
            error={list.error}
            onRetry={() => void list.refetch()}
            loadingText={t('loading')}
            striped
            columns={[
              {
                key: 'name',
                header: t('name'),
                sortValue: documentName,
                truncate: documentName,
                cell: (d) => (
                  <AnchorLink to="/sites/$siteId/documents/$documentId" params={{ siteId, documentId: d.id }}>
                    {documentName(d)}
                  </AnchorLink>
                ),
              },
              { key: 'type', header: t('documentType'), sortValue: (d) => d.document_type, cell: (d) => d.document_type },
              shared.languages<Schemas['DocumentListItem']>((d) => d.locales),
              {
                key: 'size',
                header: t('size'),
                nowrap: true,
                sortValue: (d) => d.file_size,
                cell: (d) => (d.file_size !== null ? formatBytes(d.file_size, i18n.language) : t('external')),
              },
              { key: 'updated', header: t('updated'), sortValue: (d) => d.updated_at, cell: (d) => formatDateTime(d.updated_at, i18n.language) },
            ]}
            actions={[
              {
                key: 'download',
                label: t('downloadShort'),
                name: (d) => t('download', { name: documentName(d) }),
                icon: DownloadIcon,
                href: (d) => d.download_url,
              },
              {
                key: 'delete',
                label: t('delete'),
                name: (d) => t('deleteDocument', { name: documentName(d) }),
                icon: DeleteIcon,
                onClick: remove.ask,
                danger: true,
              },
            ]}
          />
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
