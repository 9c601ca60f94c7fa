import { NativeSelect, Stack, Text } from '@mantine/core'
import type { Schemas } from '@atrium-cms/client'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { BulkControls, useBulkSelection } from '../../../shared/ui/BulkList'
import { DataTable, type Column, type RowAction } from '../../../shared/ui/DataTable'
import { CopyIcon, DeleteIcon } from '../../../shared/ui/icons'
import { AnchorLink, ButtonLink } from '../../../shared/ui/links'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { ListFooter, LoadFailed } from '../../../shared/ui/ListParts'
import { useRecordListColumns } from '../../../shared/ui/recordListColumns'
import { pageQueries, useBulkPages, type Page } from '../api'
import { usePageActions } from '../usePageActions'
import { DEFAULT_PAGES_PER_PAGE, PAGES_PER_PAGE, type PageListSearch } from '../search'

interface Props {
  siteId: string
  search: PageListSearch
  onSearch: (next: PageListSearch) => void
}

/**
 * The site's pages, one server page at a time (page and per_page in the URL): route, status and parent; clone and
 * delete with undo per row; bulk publish, unpublish and delete of the selected pages with the per-id results.
 */
export function PageListScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('pages', { keyPrefix: 'list' })
  const { t: tc } = useTranslation('common')
  const list = useQuery(pageQueries.list(siteId, search))
  // Parents are shown by route: every page of the site (the pickers load the same query).
  const all = useQuery(pageQueries.all(siteId))
  const routeOf = new Map((all.data ?? []).map((p) => [p.id, p.route]))
  const title = t('title')
  const page = search.page ?? 1
  // A page deleted here leaves the list at once, while its Undo is offered (usePageActions).
  const rows = list.data?.data
  const total = list.data?.meta.total ?? 0
  const actions = usePageActions(siteId)
  // Selection and bulk actions; routes name the per-id results. Another list page clears the selection.
  const bulk = useBulkSelection(useBulkPages(siteId), JSON.stringify(search), (id) => rows?.find((p) => p.id === id)?.route)
  const remove = (p: Page) => {
    bulk.setSelected((s) => new Set([...s].filter((id) => id !== p.id)))
    actions.remove(p)
  }
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title}>
        <ButtonLink to="/sites/$siteId/pages/new" params={{ siteId }}>
          {t('newPage')}
        </ButtonLink>
      </ScreenHeader>
      <BulkControls ns="pages" bulk={bulk} bar={rows !== undefined && (rows.length > 0 || page > 1)} />
      {list.isError ? (
        <LoadFailed title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />
      ) : rows === undefined ? (
        <Text role="status">{tc('loading')}</Text>
      ) : rows.length === 0 && page === 1 ? (
        <Stack gap="xs" align="flex-start">
          <Text role="status">{t('empty')}</Text>
          <ButtonLink variant="default" to="/sites/$siteId/pages/new" params={{ siteId }}>
            {t('createFirst')}
          </ButtonLink>
        </Stack>
      ) : (
        <PageTable
          siteId={siteId}
          rows={rows}
          busy={list.isFetching}
          routeOf={routeOf}
          selection={bulk.table}
          onClone={(p) => void actions.clone(p.id)}
          onDelete={remove}
        />
      )}
      {rows !== undefined && total > 0 && (
        <ListFooter
          page={page}
          perPage={search.per_page ?? DEFAULT_PAGES_PER_PAGE}
          shown={rows.length}
          total={total}
          showing={(range) => t('showing', range)}
          label={t('pagination')}
          names={{ page: (p) => t('pageN', { page: p }), control: (c) => t(`pageControl.${c}`) }}
          onPage={(p) => onSearch({ ...search, page: p })}
        >
          <PerPage search={search} onSearch={onSearch} />
        </ListFooter>
      )}
    </Stack>
  )
}

/** A row: the page with what the list adds (its languages and thumbnail). */
type Item = Schemas['PageListItem']

interface TableProps {
  siteId: string
  rows: Item[]
  busy: boolean
  routeOf: Map<string, string>
  selection: { selected: ReadonlySet<string>; onChange: (ids: ReadonlySet<string>) => void }
  onClone: (p: Page) => void
  onDelete: (p: Page) => void
}

function PageTable({ siteId, rows, busy, routeOf, selection, onClone, onDelete }: TableProps) {
  const { t, i18n } = useTranslation('pages', { keyPrefix: 'list' })
  const { t: tc } = useTranslation('common')
  const shared = useRecordListColumns()
  const columns: Column<Item>[] = [
    shared.cover<Item>((p) => p.cover_image),
    {
      key: 'route',
      header: t('columns.route'),
      rowHeader: true,
      truncate: (p) => p.route,
      cell: (p) => (
        <AnchorLink to="/sites/$siteId/pages/$pageId" params={{ siteId, pageId: p.id }}>
          {p.route}
        </AnchorLink>
      ),
    },
    { key: 'status', header: t('columns.status'), nowrap: true, cell: (p) => tc(`status.${p.status}`) },
    {
      key: 'parent',
      header: t('columns.parent'),
      cell: (p) => (p.parent_page_id ? (routeOf.get(p.parent_page_id) ?? '…') : t('noParent')),
    },
    shared.languages<Item>((p) => p.locales),
    { key: 'updated', header: t('columns.updated'), nowrap: true, cell: (p) => formatDateTime(p.updated_at, i18n.language) },
  ]
  const actions: RowAction<Item>[] = [
    { key: 'clone', label: t('clone'), name: (p) => t('cloneRow', { route: p.route }), icon: CopyIcon, onClick: onClone },
    { key: 'delete', label: t('delete'), name: (p) => t('deleteRow', { route: p.route }), icon: DeleteIcon, onClick: onDelete, danger: true },
  ]
  return (
    <DataTable
      label={t('tableLabel')}
      rows={rows}
      rowKey={(p) => p.id}
      columns={columns}
      actions={actions}
      selection={{ name: (p) => t('select', { route: p.route }), allName: t('selectAll'), ...selection }}
      busy={busy}
      striped
    />
  )
}

function PerPage({ search, onSearch }: { search: PageListSearch; onSearch: Props['onSearch'] }) {
  const { t } = useTranslation('pages', { keyPrefix: 'list' })
  return (
    <NativeSelect
      label={t('perPage')}
      value={String(search.per_page ?? DEFAULT_PAGES_PER_PAGE)}
      onChange={(e) => {
        const n = Number(e.currentTarget.value)
        onSearch({ per_page: n !== DEFAULT_PAGES_PER_PAGE ? n : undefined })
      }}
      data={PAGES_PER_PAGE.map((n) => String(n))}
    />
  )
}
