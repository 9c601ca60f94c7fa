import { Alert, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { AnchorLink, ButtonLink } from '../../../shared/ui/links'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { Pager } from '../../../shared/ui/Pager'
import { pageQueries, type Page } from '../api'
import { DEFAULT_PAGES_PER_PAGE, PAGES_PER_PAGE, type PageListSearch } from '../search'
import './page-list.css'

interface Props {
  siteId: string
  search: PageListSearch
  onSearch: (next: PageListSearch) => void
}

/** The site's pages, one server page at a time (page and per_page in the URL): route, status and parent. */
export function PageListScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('pages', { keyPrefix: 'list' })
  const { t: tc } = useTranslation('common')
  const list = useQuery(pageQueries.list(siteId, search))
  // Parents are shown by route: every page of the site (the pickers load the same query).
  const all = useQuery(pageQueries.all(siteId))
  const routeOf = new Map((all.data ?? []).map((p) => [p.id, p.route]))
  const title = t('title')
  const page = search.page ?? 1
  const rows = list.data?.data
  const total = list.data?.meta.total ?? 0
  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title}>
        <ButtonLink to="/sites/$siteId/pages/new" params={{ siteId }}>
          {t('newPage')}
        </ButtonLink>
      </ScreenHeader>
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
        <PageTable siteId={siteId} rows={rows} busy={list.isFetching} routeOf={routeOf} />
      )}
      {rows !== undefined && total > 0 && <ListFooter search={search} shown={rows.length} total={total} onSearch={onSearch} />}
    </Stack>
  )
}

function PageTable({ siteId, rows, busy, routeOf }: { siteId: string; rows: Page[]; busy: boolean; routeOf: Map<string, string> }) {
  const { t, i18n } = useTranslation('pages', { keyPrefix: 'list' })
  const { t: tc } = useTranslation('common')
  return (
    <div className="page-list-table-wrap">
      <Table striped highlightOnHover aria-label={t('tableLabel')} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.route')}</Table.Th>
            <Table.Th scope="col">{t('columns.status')}</Table.Th>
            <Table.Th scope="col">{t('columns.parent')}</Table.Th>
            <Table.Th scope="col">{t('columns.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-page={p.route}>
              <Table.Td>
                <AnchorLink to="/sites/$siteId/pages/$pageId" params={{ siteId, pageId: p.id }}>
                  {p.route}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{tc(`status.${p.status}`)}</Table.Td>
              <Table.Td>{p.parent_page_id ? (routeOf.get(p.parent_page_id) ?? '…') : t('noParent')}</Table.Td>
              <Table.Td>{formatDateTime(p.updated_at, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
