import { Badge, Checkbox, Group, Select, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { recordLink } from '../../shared/logic/recordLink'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { SearchField } from '../../shared/ui/SearchField'
import { AnchorLink } from '../../shared/ui/links'
import { Pager } from '../../shared/ui/Pager'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { Snippet } from '../../shared/ui/Snippet'
import { sharedQueries } from '../../shared/api/queries'
import { searchQueries } from './api'
import { PER_PAGE, SEARCH_TYPES, typesOf, type SearchType, type SiteSearch } from './search'
import './search.css'

interface Props {
  siteId: string
  search: SiteSearch
  /** `replace` while typing, a new history entry for filters and pages. */
  onSearch: (next: SiteSearch, replace?: boolean) => void
}

/** Ranked full-text search over the site's posts, pages and documents; query, types and page in the URL. */
export function SearchScreen({ siteId, search, onSearch }: Props) {
  const { t, i18n } = useTranslation('search')
  const locales = useQuery(sharedQueries.locales(siteId))
  const [locale, setLocale] = useState<string | undefined>(undefined)
  const q = search.q ?? ''
  const results = useQuery(searchQueries.results(siteId, search, locale))
  const chosen = typesOf(search.types)
  const types: SearchType[] = chosen.length > 0 ? chosen : [...SEARCH_TYPES]

  const [typed, setTyped] = useState(q)
  const [debounced] = useDebouncedValue(typed.trim(), 350)
  useEffect(() => setTyped(q), [q])
  useEffect(() => {
    if (debounced !== q) onSearch({ ...search, q: debounced || undefined, page: undefined }, true)
    // Only a settled change of the typed text moves the URL.
  }, [debounced])

  const setTypes = (picked: string[]) => {
    const next = SEARCH_TYPES.filter((x) => picked.includes(x))
    // At least one type stays ticked: none would search nothing.
    if (next.length === 0) return
    onSearch({ ...search, types: next.length === SEARCH_TYPES.length ? undefined : next.join(','), page: undefined })
  }
  const total = results.data?.meta.total ?? 0
  const page = search.page ?? 1
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')} intro={t('intro')} />
      <form
        role="search"
        aria-label={t('form')}
        className="site-search-form"
        onSubmit={(e) => (e.preventDefault(), onSearch({ ...search, q: typed.trim() || undefined, page: undefined }))}
      >
        <SearchField label={t('query')} placeholder={t('placeholder')} value={typed} onChange={setTyped} data-autofocus />
        <Checkbox.Group label={t('types')} value={types} onChange={setTypes}>
          <Group gap="md" mt={6}>
            {SEARCH_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`type.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        {locales.data && locales.data.length > 1 && (
          <Select
            label={t('locale')}
            data={[{ value: '', label: t('defaultLocale') }, ...locales.data.map((l) => ({ value: l.code, label: l.name ? `${l.name} (${l.code})` : l.code }))]}
            value={locale ?? ''}
            onChange={(v) => setLocale(v || undefined)}
            allowDeselect={false}
          />
        )}
      </form>

      {q === '' ? (
        <Text c="dimmed">{t('prompt')}</Text>
      ) : results.isError ? (
        <ProblemAlert error={results.error} title={t('failed')} />
      ) : !results.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : (
        <section aria-label={t('results')} aria-busy={results.isFetching || undefined}>
          <Text role="status" size="sm" mb="sm">
            {total === 0 ? t('none', { q }) : t('found', { count: total, q })}
          </Text>
          <ol className="site-search-results">
            {results.data.data.map((hit) => {
              const link = recordLink(hit.type, hit.id)
              const name = hit.title ?? hit.slug ?? hit.route ?? t('untitled')
              return (
                <li key={`${hit.type}:${hit.id}`} className="site-search-hit">
                  <Group gap="xs" wrap="nowrap">
                    <Badge size="sm" variant="outline" color="gray" className="site-search-type">
                      {t(`typeOne.${hit.type}`)}
                    </Badge>
                    {link?.recordId ? (
                      <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: link.area, recordId: link.recordId }} fw={600}>
                        {name}
                      </AnchorLink>
                    ) : link ? (
                      <AnchorLink to="/sites/$siteId/$area" params={{ siteId, area: link.area }} fw={600}>
                        {name}
                      </AnchorLink>
                    ) : (
                      <Text fw={600}>{name}</Text>
                    )}
                  </Group>
                  {(hit.slug ?? hit.route) && (
                    <Text size="xs" c="dimmed">
                      <code>{hit.route ?? hit.slug}</code>
                    </Text>
                  )}
                  {hit.snippet && (
                    <Text size="sm">
                      <Snippet html={hit.snippet} className="site-search-snippet" />
                    </Text>
                  )}
                  {hit.published_at && (
                    <Text size="xs" c="dimmed">
                      {t('published', { when: formatDateTime(hit.published_at, i18n.language) })}
                    </Text>
                  )}
                </li>
              )
            })}
          </ol>
          <Pager label={t('pagination')} pages={pages} page={page} onPage={(p) => onSearch({ ...search, page: p })} />
        </section>
      )}
    </Stack>
  )
}
