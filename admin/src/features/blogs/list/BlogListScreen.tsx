import type { Schemas } from '@atrium-cms/client'
import { Autocomplete, Button, Select, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ScreenHeader } from '../../../shared/ui/ScreenHeader'
import { ButtonLink } from '../../../shared/ui/links'
import { ListFooter, LoadFailed, SearchField, useTypedParam } from '../../../shared/ui/ListParts'
import '../../../shared/ui/ops.css'
import { BulkControls, useBulkSelection } from '../../../shared/ui/BulkList'
import { blogListQueries, useBulkBlogs } from '../api'
import { BlogTable, type Row } from './BlogTable'
import { categoryOptions } from './categories'
import type { LocaleHit } from './searchHits'
import { AUTHOR_MAX, BLOG_SORTS, BLOG_STATUSES, DEFAULT_PER_PAGE, DEFAULT_SORT, PER_PAGE_OPTIONS, type BlogListSearch } from './search'
import './messages'
import './blog-list.css'

interface Props {
  siteId: string
  search: BlogListSearch
  /** Changes the URL's search params: `replace` for typing, a new history entry for paging and filters. */
  onSearch: (next: BlogListSearch, replace?: boolean) => void
}

const rowOfPost = (b: Schemas['BlogListItem']): Row => ({ kind: 'post', id: b.id, title: b.title ?? b.slug, post: b })
const rowOfHit = (h: LocaleHit): Row => ({ kind: 'hit', id: h.id, title: h.title ?? h.slug ?? h.id, hit: h })

/**
 * The site's posts: one server page at a time (page, per_page, the status, author, tag and category filters, the
 * order and the text query in the URL), text search through the site search endpoint, row selection and bulk
 * publish / unpublish / delete with the per-id results.
 */
export function BlogListScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('blogs')
  const q = search.q ?? ''

  const list = useQuery({ ...blogListQueries.list(siteId, search), enabled: q === '' })
  // The search looks in the chosen language, else in every language of the site, one request each.
  const locales = useQuery(blogListQueries.locales(siteId))
  const searchLocales = search.locale ? [search.locale] : (locales.data ?? []).map((l) => l.code)
  const found = useQuery({ ...blogListQueries.search(siteId, q, searchLocales), enabled: q !== '' && searchLocales.length > 0 })
  const active = q === '' ? list : found
  const perPage = search.per_page ?? DEFAULT_PER_PAGE
  const from = ((search.page ?? 1) - 1) * perPage
  const rows: Row[] | undefined = q === '' ? list.data?.data.map(rowOfPost) : found.data?.slice(from, from + perPage).map(rowOfHit)
  const total = (q === '' ? list.data?.meta.total : found.data?.length) ?? 0

  // The search and author boxes type freely; the URL follows after a pause (replacing, so typing leaves no trail of entries).
  const [typed, setTyped] = useTypedParam(q, (v) => onSearch({ ...search, q: v || undefined, page: undefined }, true))
  const [author, setAuthor] = useTypedParam(search.author ?? '', (v) => onSearch({ ...search, author: v || undefined, page: undefined }, true))

  // Selection and bulk actions; titles name the per-id results. A new page or filter clears the selection.
  const bulk = useBulkSelection(useBulkBlogs(siteId), JSON.stringify(search), (id) => rows?.find((r) => r.id === id)?.title)

  const title = t('list.title')

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={title}>
        <ButtonLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: 'new' }}>
          {t('list.newPost')}
        </ButtonLink>
      </ScreenHeader>

      <ListFilters siteId={siteId} search={search} typed={typed} onType={setTyped} author={author} onAuthor={setAuthor} onSearch={onSearch} />

      <BulkControls ns="blogs" bulk={bulk} />

      {active.isError ? (
        <LoadFailed title={t('list.loadFailed')} error={active.error} onRetry={() => void active.refetch()} />
      ) : rows === undefined ? (
        <Text role="status">{t('common:loading')}</Text>
      ) : rows.length === 0 ? (
        <EmptyList siteId={siteId} filtered={isFiltered(search)} onClear={() => onSearch(search.per_page ? { per_page: search.per_page } : {})} />
      ) : (
        <BlogTable siteId={siteId} rows={rows} searching={q !== ''} selection={bulk.table} busy={active.isFetching} />
      )}
      {rows !== undefined && rows.length > 0 && (
        <ListFooter
          page={search.page ?? 1}
          perPage={perPage}
          shown={rows.length}
          total={total}
          showing={(range) => t('list.showing', range)}
          label={t('list.pagination')}
          names={{ page: (p) => t('list.pageN', { page: p }), control: (c) => t(`list.pageControl.${c}`) }}
          onPage={(p) => onSearch({ ...search, page: p })}
        />
      )}
    </Stack>
  )
}

const isFiltered = (s: BlogListSearch) => [s.status, s.author, s.tag, s.category, s.q].some((v) => v !== undefined) || (s.page ?? 1) > 1

interface FilterProps {
  siteId: string
  search: BlogListSearch
  typed: string
  onType: (v: string) => void
  author: string
  onAuthor: (v: string) => void
  onSearch: Props['onSearch']
}

/**
 * The list's controls. Status, author, tag, category and order apply to the list endpoint; a text search goes to the
 * site search endpoint instead, which ranks by relevance across every status, so they rest while a search is on.
 */
function ListFilters({ siteId, search, typed, onType, author, onAuthor, onSearch }: FilterProps) {
  const { t } = useTranslation('blogs')
  const searching = (search.q ?? '') !== ''
  const perPage = search.per_page ?? DEFAULT_PER_PAGE
  const tags = useQuery(blogListQueries.tags(siteId))
  const categories = useQuery(blogListQueries.categories(siteId))
  const locales = useQuery(blogListQueries.locales(siteId))
  const authors = useQuery(blogListQueries.authors(siteId))
  const tagOptions = useMemo(() => (tags.data ?? []).map((x) => ({ value: x.id, label: x.name })), [tags.data])
  const categoryData = useMemo(() => categoryOptions(categories.data ?? []).map(({ value, label }) => ({ value, label })), [categories.data])
  const choose = (patch: Partial<BlogListSearch>) => onSearch({ ...search, ...patch, page: undefined })
  const resting = searching ? t('list.filterWithSearch') : undefined
  return (
    <form role="search" aria-label={t('list.filters')} className="ops-filters" onSubmit={(e) => e.preventDefault()}>
      <SearchField label={t('list.search')} placeholder={t('list.searchPlaceholder')} value={typed} onChange={onType} />
      <Select
        label={t('list.searchLocale')}
        data={[
          { value: '', label: t('list.everyLocale') },
          ...(locales.data ?? []).map((l) => ({ value: l.code, label: l.name ? `${l.name} (${l.code})` : l.code })),
        ]}
        value={search.locale ?? ''}
        onChange={(v) => choose({ locale: v || undefined })}
        allowDeselect={false}
        description={t('list.searchLocaleHint')}
      />
      <Select
        label={t('list.status')}
        data={[{ value: '', label: t('list.allStatuses') }, ...BLOG_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) }))]}
        value={search.status ?? ''}
        onChange={(v) => choose({ status: BLOG_STATUSES.find((s) => s === v) })}
        allowDeselect={false}
        disabled={searching}
        description={searching ? t('list.statusWithSearch') : undefined}
      />
      <Autocomplete
        label={t('list.author')}
        placeholder={t('list.authorPlaceholder')}
        data={authors.data ?? []}
        value={author}
        onChange={onAuthor}
        maxLength={AUTHOR_MAX}
        disabled={searching}
        description={resting}
      />
      <Select
        label={t('list.tag')}
        data={[{ value: '', label: t('list.allTags') }, ...withChosen(tagOptions, search.tag)]}
        value={search.tag ?? ''}
        onChange={(v) => choose({ tag: v || undefined })}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('list.emptyFiltered')}
        disabled={searching}
        description={resting}
      />
      <Select
        label={t('list.category')}
        data={[{ value: '', label: t('list.allCategories') }, ...withChosen(categoryData, search.category)]}
        value={search.category ?? ''}
        onChange={(v) => choose({ category: v || undefined })}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('list.emptyFiltered')}
        disabled={searching}
        description={resting ?? t('list.categoryHint')}
      />
      <Select
        label={t('list.sort')}
        data={BLOG_SORTS.map((s) => ({ value: s, label: t(`list.sorts.${s}`) }))}
        value={search.sort ?? DEFAULT_SORT}
        onChange={(v) => choose({ sort: BLOG_SORTS.find((s) => s === v && s !== DEFAULT_SORT) })}
        allowDeselect={false}
        disabled={searching}
        description={resting}
      />
      <Select
        label={t('list.perPage')}
        data={PER_PAGE_OPTIONS.map((n) => String(n))}
        value={String(perPage)}
        onChange={(v) => choose({ per_page: v && Number(v) !== DEFAULT_PER_PAGE ? Number(v) : undefined })}
        allowDeselect={false}
      />
    </form>
  )
}

/** The options plus the chosen id when it is not among them (still loading, or deleted since): the control shows the id rather than nothing. */
function withChosen(options: Array<{ value: string; label: string }>, chosen: string | undefined) {
  return chosen === undefined || options.some((o) => o.value === chosen) ? options : [...options, { value: chosen, label: chosen }]
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
