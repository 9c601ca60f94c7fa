import { Button, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { editConflictOf } from '../../../shared/logic/editConflict'
import { ListFooter, LoadFailed, SearchField, useTypedParam } from '../../../shared/ui/ListParts'
import '../../../shared/ui/ops.css'
import { mediaQueries, useUpdateMedia, type Media } from '../api'
import { MediaDetails } from '../details/MediaDetails'
import { UploadZone } from '../upload/UploadZone'
import { useUploads } from '../upload/useUploads'
import { FolderNav } from './FolderNav'
import { MediaGrid, MediaTable } from './MediaItems'
import { MEDIA_PER_PAGE, MEDIA_TYPES, withFilter, type MediaSearch } from './search'
import '../media.css'

export interface MediaBrowserProps {
  siteId: string
  search: MediaSearch
  /** A new view of the library: `replace` while typing a query. */
  onSearch: (next: MediaSearch, replace?: boolean) => void
  /** May the caller upload, edit texts, make folders and delete (Author on the site)? */
  canEdit: boolean
  /** The picker: only images when `image`; uploads open their file's details. */
  accept?: 'image' | 'any'
  /** The picker's action for the open file ("Use this image"). */
  detailsAction?: (media: Media) => ReactNode
  /** Where headings start (the library's h1 is above; the picker's dialog title is its h2). */
  headingLevel?: 2 | 3
}

/**
 * The media library: folders, search, type filter, grid or list, pages, uploads and the open file's details. The
 * library screen keeps its state in the URL; the picker keeps the same state in its dialog. One code for both.
 */
export function MediaBrowser({ siteId, search, onSearch, canEdit, accept = 'any', detailsAction, headingLevel = 2 }: MediaBrowserProps) {
  const { t } = useTranslation('media')
  const settings = useQuery(sharedQueries.settings(siteId))
  const effective: MediaSearch = accept === 'image' ? { ...search, type: 'image' } : search
  const list = useQuery(mediaQueries.list(siteId, effective))
  const maxBytes = settings.data?.max_upload_bytes
  const uploads = useUploads(siteId, search.folder, maxBytes, (m) => {
    // In the picker a file just uploaded is the one being chosen: open it.
    if (detailsAction) onSearch({ ...search, item: m.id })
  })

  const H = `h${headingLevel}` as const
  const update = useUpdateMedia(siteId)
  const [moved, setMoved] = useState('')
  // With If-Match of the tile as listed: a file changed elsewhere meanwhile is not moved blindly; the list reloads.
  const moveTo = (m: { id: string; name: string }, folder: { id: string; name: string }) =>
    update.mutate(
      { id: m.id, patch: { folder_id: folder.id }, base: list.data?.data.find((x) => x.id === m.id) },
      {
        onSuccess: () => setMoved(t('move.moved', { name: m.name, folder: folder.name })),
        onError: (e) => {
          // Said once the list shows the file as it is now (a second drag then sends its current tag).
          if (editConflictOf(e)) void list.refetch().then(() => setMoved(t('move.conflict', { name: m.name })))
          else setMoved(t('move.failed', { name: m.name }))
        },
      },
    )

  return (
    <div className="media-browser" data-has-details={search.item ? '' : undefined}>
      <FolderNav
        siteId={siteId}
        current={search.folder}
        onChoose={(folder) => onSearch(withFilter(search, { folder }))}
        canEdit={canEdit}
        headingLevel={headingLevel}
        onDropMedia={canEdit ? moveTo : undefined}
      />
      <Stack gap="sm" className="media-main">
        <Text size="sm" role="status" className={moved ? undefined : 'visually-hidden'}>
          {moved}
        </Text>
        <Filters search={search} onSearch={onSearch} imagesOnly={accept === 'image'} idSuffix={headingLevel} />

        {canEdit && (
          <UploadZone
            uploads={uploads}
            accept={accept}
            maxBytes={maxBytes}
            choose={search.upload}
            onChosen={() => {
              const { upload: _, ...rest } = search
              onSearch(rest, true)
            }}
          />
        )}

        <H className="visually-hidden">{t('files')}</H>
        <Results list={list} search={search} onSearch={onSearch} draggable={canEdit} />
      </Stack>
      {search.item && (
        <MediaDetails
          key={search.item}
          siteId={siteId}
          mediaId={search.item}
          canEdit={canEdit}
          canDelete={canEdit && !detailsAction}
          onClose={() => onSearch({ ...search, item: undefined })}
          onDeleted={() => onSearch({ ...search, item: undefined })}
          action={detailsAction}
          headingLevel={headingLevel}
        />
      )}
    </div>
  )
}

/** Text query, type and grid or list. */
function Filters({
  search,
  onSearch,
  imagesOnly,
  idSuffix,
}: {
  search: MediaSearch
  onSearch: MediaBrowserProps['onSearch']
  imagesOnly: boolean
  idSuffix: number
}) {
  const { t } = useTranslation('media')
  const [typed, setTyped] = useTypedParam(search.q ?? '', (q) => onSearch(withFilter(search, { q }), true))
  const view = search.view ?? 'grid'
  return (
    <form role="search" aria-label={t('filters')} className="ops-filters" onSubmit={(e) => e.preventDefault()}>
      <SearchField label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
      <Select
        label={t('type')}
        data={[{ value: '', label: t('allTypes') }, ...MEDIA_TYPES.map((m) => ({ value: m, label: t(`types.${m}`) }))]}
        value={imagesOnly ? 'image' : (search.type ?? '')}
        onChange={(v) => onSearch(withFilter(search, { type: MEDIA_TYPES.find((m) => m === v) }))}
        allowDeselect={false}
        disabled={imagesOnly}
      />
      <div>
        <Text component="span" size="sm" fw={500} id={`media-view-${idSuffix}`}>
          {t('view')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby={`media-view-${idSuffix}`}
          value={view}
          onChange={(v) => onSearch({ ...search, view: v === 'list' ? 'list' : undefined })}
          data={[
            { value: 'grid', label: t('grid') },
            { value: 'list', label: t('list') },
          ]}
        />
      </div>
    </form>
  )
}

/** The files of this page (grid or list), or why there are none, and the pages. */
function Results({
  list,
  search,
  onSearch,
  draggable,
}: {
  list: UseQueryResult<{ data: Media[]; meta: { total: number } }>
  search: MediaSearch
  onSearch: MediaBrowserProps['onSearch']
  draggable: boolean
}) {
  const { t } = useTranslation('media')
  const rows = list.data?.data
  const total = list.data?.meta.total ?? 0
  const page = search.page ?? 1
  const q = search.q ?? ''
  const view = search.view ?? 'grid'
  const open = (id: string) => onSearch({ ...search, item: search.item === id ? undefined : id })
  return (
    <>
      {list.isError ? (
        <LoadFailed title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} retryLabel={t('retry')} />
      ) : rows === undefined ? (
        <Text role="status">{t('loading')}</Text>
      ) : rows.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text role="status">{q || search.type || search.folder || page > 1 ? t('emptyFiltered') : t('empty')}</Text>
          {(q || search.type || search.folder) && (
            <Button variant="default" onClick={() => onSearch({ ...(search.view ? { view: search.view } : {}) })}>
              {t('clearFilters')}
            </Button>
          )}
        </Stack>
      ) : view === 'grid' ? (
        <MediaGrid rows={rows} selected={search.item} onOpen={open} busy={list.isFetching} draggable={draggable} />
      ) : (
        <MediaTable rows={rows} selected={search.item} onOpen={open} busy={list.isFetching} draggable={draggable} />
      )}
      {rows !== undefined && rows.length > 0 && (
        <ListFooter
          page={page}
          perPage={MEDIA_PER_PAGE}
          shown={rows.length}
          total={total}
          showing={(range) => t('showing', range)}
          label={t('pagination')}
          names={{ page: (p) => t('pageN', { page: p }), control: (c) => t(`pageControl.${c}`) }}
          onPage={(p) => onSearch({ ...search, page: p, item: undefined })}
        />
      )}
    </>
  )
}
