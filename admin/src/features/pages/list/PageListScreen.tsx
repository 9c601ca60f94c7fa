import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { BulkBar, type BulkAction } from '../../../shared/ui/BulkBar'
import { BulkResults, type BulkOutcome } from '../../../shared/ui/BulkResults'
import { DataTable, type Column, type RowAction } from '../../../shared/ui/DataTable'
import { CopyIcon, DeleteIcon } from '../../../shared/ui/icons'
import { AnchorLink, ButtonLink } from '../../../shared/ui/links'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { Pager } from '../../../shared/ui/Pager'
import { pageQueries, useBulkPages, type Page } from '../api'
import { usePageActions } from '../usePageActions'
import { DEFAULT_PAGES_PER_PAGE, PAGES_PER_PAGE, type PageListSearch } from '../search'
import './page-list.css'

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
  // Pages deleted here whose Undo is still offered: hidden at once, shown again on Undo or when the DELETE fails.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const rows = list.data?.data.filter((p) => !hidden.has(p.id))
  const total = list.data?.meta.total ?? 0
  const actions = usePageActions(siteId)
  const remove = (p: Page) => {
    setHidden((h) => new Set(h).add(p.id))
    setSelected((m) => {
      const next = new Map(m)
      next.delete(p.id)
      return next
    })
    actions.remove(p, () =>
      setHidden((h) => {
        const next = new Set(h)
        next.delete(p.id)
        return next
      }),
    )
  }

  // Selection: id → route (routes name the per-id results even after the list refetched). Another list page clears it.
  const [selected, setSelected] = useState<Map<string, string>>(new Map())
  const listKey = JSON.stringify(search)
  useEffect(() => setSelected(new Map()), [listKey])
  const bulk = useBulkPages(siteId)
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null)
  const run = (action: BulkAction) => {
    const titles = new Map(selected)
    setOutcome(null)
    bulk.mutate(
      { action, ids: [...titles.keys()] },
      {
        onSuccess: (result) => {
          setOutcome({ action, result, titles })
          // What failed stays selected, to be fixed and tried again.
          setSelected(new Map(result.results.filter((r) => !r.success).map((r) => [r.id, titles.get(r.id) ?? r.id])))
        },
      },
    )
  }
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title}>
        <ButtonLink to="/sites/$siteId/pages/new" params={{ siteId }}>
          {t('newPage')}
        </ButtonLink>
      </ScreenHeader>
      {rows !== undefined && (rows.length > 0 || page > 1) && <BulkBar ns="pages" count={selected.size} busy={bulk.isPending} onAction={run} />}
      {bulk.isError && (
        <Alert variant="default" className="bulk-alert bulk-alert-error" role="alert" title={t('bulkFailed')}>
          {bulk.error.message}
        </Alert>
      )}
      {outcome && <BulkResults ns="pages" outcome={outcome} onClose={() => setOutcome(null)} />}
      {list.isError ? (
        <Alert color="red" role="alert" title={t('loadFailed')}>
          <Text size="sm">{list.error.message}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void list.refetch()}>
            {tc('retry')}
          </Button>
        </Alert>
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
          selected={selected}
          onSelect={setSelected}
          onClone={(p) => void actions.clone(p.id)}
          onDelete={remove}
        />
      )}
      {rows !== undefined && total > 0 && <ListFooter search={search} shown={rows.length} total={total} onSearch={onSearch} />}
    </Stack>
  )
}

interface TableProps {
  siteId: string
  rows: Page[]
  busy: boolean
  routeOf: Map<string, string>
  selected: Map<string, string>
  onSelect: (next: Map<string, string>) => void
  onClone: (p: Page) => void
  onDelete: (p: Page) => void
}

function PageTable({ siteId, rows, busy, routeOf, selected, onSelect, onClone, onDelete }: TableProps) {
  const { t, i18n } = useTranslation('pages', { keyPrefix: 'list' })
  const { t: tc } = useTranslation('common')
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const some = rows.some((r) => selected.has(r.id))
  const toggleAll = () => {
    const next = new Map(selected)
    for (const r of rows) {
      if (all) next.delete(r.id)
      else next.set(r.id, r.route)
    }
    onSelect(next)
  }
  const toggle = (r: Page) => {
    const next = new Map(selected)
    if (next.has(r.id)) next.delete(r.id)
    else next.set(r.id, r.route)
    onSelect(next)
  }
  // The selection is the screen's own (the bulk bar above keeps what failed selected for another try), so it is a
  // column here rather than the DataTable's selection, which clears as a whole.
  const columns: Column<Page>[] = [
    {
      key: 'select',
      header: <Checkbox aria-label={t('selectAll')} checked={all} indeterminate={some && !all} onChange={toggleAll} />,
      cardLabel: '',
      cell: (p) => <Checkbox aria-label={t('select', { route: p.route })} checked={selected.has(p.id)} onChange={() => toggle(p)} />,
    },
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
    { key: 'updated', header: t('columns.updated'), nowrap: true, cell: (p) => formatDateTime(p.updated_at, i18n.language) },
  ]
  const actions: RowAction<Page>[] = [
    { key: 'clone', label: t('clone'), name: (p) => t('cloneRow', { route: p.route }), icon: CopyIcon, onClick: onClone },
    { key: 'delete', label: t('delete'), name: (p) => t('deleteRow', { route: p.route }), icon: DeleteIcon, onClick: onDelete, danger: true },
  ]
  return (
    <div aria-busy={busy}>
      <DataTable label={t('tableLabel')} rows={rows} rowKey={(p) => p.id} columns={columns} actions={actions} striped />
    </div>
  )
}

function ListFooter({ search, shown, total, onSearch }: { search: PageListSearch; shown: number; total: number; onSearch: Props['onSearch'] }) {
  const { t } = useTranslation('pages', { keyPrefix: 'list' })
  const page = search.page ?? 1
  const perPage = search.per_page ?? DEFAULT_PAGES_PER_PAGE
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <div className="page-list-footer">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('showing', { from: (page - 1) * perPage + 1, to: (page - 1) * perPage + shown, total })}
      </Text>
      <Group>
        <NativeSelect
          label={t('perPage')}
          value={String(perPage)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value)
            onSearch({ per_page: n !== DEFAULT_PAGES_PER_PAGE ? n : undefined })
          }}
          data={PAGES_PER_PAGE.map((n) => String(n))}
        />
        <Pager
          label={t('pagination')}
          pages={pages}
          page={page}
          onPage={(p) => onSearch({ ...search, page: p })}
          names={{ page: (p) => t('pageN', { page: p }), control: (c) => t(`pageControl.${c}`) }}
        />
      </Group>
    </div>
  )
}
