import type { Schemas } from '@atrium-cms/client'
import { Alert, Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../../shared/api/queries'
import { PageTitle } from '../../../shared/ui/PageTitle'
import { ButtonLink } from '../../../shared/ui/links'
import { blogListQueries, useBulkBlogs, type BulkAction } from '../api'
import { BulkBar } from './BulkBar'
import { BulkResults, type BulkOutcome } from './BulkResults'
import { BlogTable, type Row } from './BlogTable'
import { BLOG_STATUSES, DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, type BlogListSearch } from './search'
import './blog-list.css'

interface Props {
  siteId: string
  search: BlogListSearch
  /** Changes the URL's search params: `replace` for typing, a new history entry for paging and filters. */
  onSearch: (next: BlogListSearch, replace?: boolean) => void
}

const rowOfPost = (b: Schemas['BlogListItem']): Row => ({ kind: 'post', id: b.id, title: b.title ?? b.slug, post: b })
const rowOfHit = (h: Schemas['SearchHit']): Row => ({ kind: 'hit', id: h.id, title: h.title ?? h.slug ?? h.id, hit: h })

/**
 * The site's posts: one server page at a time (page, per_page, status and the text query in the URL), text search
 * through the site search endpoint, row selection and bulk publish / unpublish / delete with the per-id results.
 */
export function BlogListScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('blogs')
  const site = useQuery(sharedQueries.site(siteId))
  const q = search.q ?? ''

  const list = useQuery({ ...blogListQueries.list(siteId, search), enabled: q === '' })
  const found = useQuery({ ...blogListQueries.search(siteId, q, search), enabled: q !== '' })
  const active = q === '' ? list : found
  const rows: Row[] | undefined = q === '' ? list.data?.data.map(rowOfPost) : found.data?.data.map(rowOfHit)
  const total = active.data?.meta.total ?? 0

  // The search box types freely; the URL follows after a pause (replacing, so typing leaves no trail of entries).
  const [typed, setTyped] = useState(q)
  const [debounced] = useDebouncedValue(typed.trim(), 350)
  useEffect(() => setTyped(q), [q])
  useEffect(() => {
    if (debounced !== q) onSearch({ ...search, q: debounced || undefined, page: undefined }, true)
    // Only a settled change of the typed text moves the URL (search and onSearch are read, not watched).
  }, [debounced])

  // Selection: id → title (titles name the per-id results even after the list refetched). A new page or filter clears it.
  const [selected, setSelected] = useState<Map<string, string>>(new Map())
  const listKey = JSON.stringify(search)
  useEffect(() => setSelected(new Map()), [listKey])

  const bulk = useBulkBlogs(siteId)
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null)
  const run = (action: BulkAction) => {
    const titles = new Map(selected)
    setOutcome(null)
    bulk.mutate(
      { action, ids: [...titles.keys()] },
      {
        onSuccess: (result) => {
          setOutcome({ action, result, titles })
          // Keep what failed selected, so it can be fixed and tried again.
          setSelected(new Map(result.results.filter((r) => !r.success).map((r) => [r.id, titles.get(r.id) ?? r.id])))
        },
      },
    )
  }

  const title = t('list.title')

  return (
    <Stack gap="md">
      <div className="blog-list-header">
        <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
        <ButtonLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: 'new' }}>
          {t('list.newPost')}
        </ButtonLink>
      </div>

      <ListFilters search={search} typed={typed} onType={setTyped} onSearch={onSearch} />

      <BulkBar count={selected.size} busy={bulk.isPending} onAction={run} />
      {bulk.isError && (
        <Alert variant="default" className="blog-list-alert blog-list-alert-error" role="alert" title={t('list.bulkFailed')}>
          {bulk.error.message}
        </Alert>
      )}
      {outcome && <BulkResults outcome={outcome} onClose={() => setOutcome(null)} />}

      {active.isError ? (
        <LoadError error={active.error} onRetry={() => void active.refetch()} />
      ) : rows === undefined ? (
        <Text role="status">{t('common:loading')}</Text>
      ) : rows.length === 0 ? (
        <EmptyList siteId={siteId} filtered={search.status !== undefined || q !== '' || (search.page ?? 1) > 1} onClear={() => onSearch({})} />
      ) : (
        <BlogTable siteId={siteId} rows={rows} searching={q !== ''} selected={selected} onSelect={setSelected} busy={active.isFetching} />
      )}
      {rows !== undefined && rows.length > 0 && <ListFooter search={search} shown={rows.length} total={total} onSearch={onSearch} />}
      {q === '' && <Text size="xs" c="dimmed">{t('list.order')}</Text>}
    </Stack>
  )
}

function ListFilters({ search, typed, onType, onSearch }: { search: BlogListSearch; typed: string; onType: (v: string) => void; onSearch: Props['onSearch'] }) {
  const { t } = useTranslation('blogs')
  const q = search.q ?? ''
  const perPage = search.per_page ?? DEFAULT_PER_PAGE
  return (
    <form role="search" aria-label={t('list.filters')} className="blog-list-filters" onSubmit={(e) => e.preventDefault()}>
      <TextInput type="search" label={t('list.search')} placeholder={t('list.searchPlaceholder')} value={typed} onChange={(e) => onType(e.currentTarget.value)} maxLength={200} />
      <Select
        label={t('list.status')}
        data={[{ value: '', label: t('list.allStatuses') }, ...BLOG_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) }))]}
        value={search.status ?? ''}
        onChange={(v) => onSearch({ ...search, status: BLOG_STATUSES.find((s) => s === v), page: undefined })}
        allowDeselect={false}
        disabled={q !== ''}
        description={q !== '' ? t('list.statusWithSearch') : undefined}
      />
      <Select
        label={t('list.perPage')}
        data={PER_PAGE_OPTIONS.map((n) => String(n))}
        value={String(perPage)}
        onChange={(v) => onSearch({ ...search, per_page: v && Number(v) !== DEFAULT_PER_PAGE ? Number(v) : undefined, page: undefined })}
        allowDeselect={false}
      />
    </form>
  )
}

/** Where this page sits in the total, and the page links. */
function ListFooter({ search, shown, total, onSearch }: { search: BlogListSearch; shown: number; total: number; onSearch: Props['onSearch'] }) {
  const { t } = useTranslation('blogs')
  const page = search.page ?? 1
  const perPage = search.per_page ?? DEFAULT_PER_PAGE
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <div className="blog-list-footer">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('list.showing', { from: (page - 1) * perPage + 1, to: (page - 1) * perPage + shown, total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('list.pagination')}>
          <Group>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
              getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('list.pageN', { page: p }) })}
            />
          </Group>
        </nav>
      )}
    </div>
  )
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('blogs')
  return (
    <Alert variant="default" className="blog-list-alert blog-list-alert-error" role="alert" title={t('list.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  )
}

function EmptyList({ siteId, filtered, onClear }: { siteId: string; filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('blogs')
  return (
    <Stack gap="xs" align="flex-start">
      <Text role="status">{filtered ? t('list.emptyFiltered') : t('list.empty')}</Text>
      {filtered ? (
        <Button variant="default" onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      ) : (
        <ButtonLink variant="default" to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: 'new' }}>
          {t('list.writeFirst')}
        </ButtonLink>
      )}
    </Stack>
  )
}
