import type { Schemas } from '@atrium-cms/client'
import { Badge, Text } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { DataTable, type Column } from '../../../shared/ui/DataTable'
import { AnchorLink } from '../../../shared/ui/links'
import { useRecordListColumns } from '../../../shared/ui/recordListColumns'
import { Snippet } from '../../../shared/ui/Snippet'
import { blogListQueries } from '../api'
import type { LocaleHit } from './searchHits'

/** A row: a post of the list, or a hit of the text search (its post's columns are read beside it: the search answers no columns). */
export type Row = { id: string; title: string } & ({ kind: 'post'; post: Schemas['BlogListItem'] } | { kind: 'hit'; hit: LocaleHit })

/** The columns every row shows, from the list item or, for a hit, from the post itself. */
type Summary = Pick<Schemas['BlogListItem'], 'status' | 'author' | 'published_date' | 'updated_at' | 'is_featured' | 'cover_image'>

/** published_date is a calendar date (YYYY-MM-DD in the site's zone): formatted as a date, never shifted by a zone. */
const formatDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`))

interface Props {
  siteId: string
  rows: Row[]
  searching: boolean
  /** The chosen rows' ids, held by the screen (what a bulk action fails on stays chosen). */
  selection: { selected: ReadonlySet<string>; onChange: (ids: ReadonlySet<string>) => void }
  busy: boolean
}

export function BlogTable({ siteId, rows, searching, selection, busy }: Props) {
  const { t, i18n } = useTranslation('blogs')
  const lang = i18n.language
  // The site's locales name each post's localizations by code.
  const locales = useQuery(blogListQueries.locales(siteId))
  const codeOf = new Map((locales.data ?? []).map((l) => [l.id, l.code]))
  // A list item carries its columns, languages and cover; only a search hit reads its post (kept a while).
  const details = useQueries({ queries: rows.map((r) => ({ ...blogListQueries.detail(siteId, r.id), enabled: r.kind === 'hit' })) })
  const detailOf = new Map(rows.map((r, i) => [r.id, details[i]?.data]))
  const summaryOf = (r: Row): Summary | undefined => (r.kind === 'post' ? r.post : detailOf.get(r.id))
  const shared = useRecordListColumns()
  const localeIdsOf = (r: Row) => (r.kind === 'post' ? r.post.locale_ids : detailOf.get(r.id)?.localizations.map((l) => l.locale_id))
  /** A column read from the post's summary; while a hit's post loads, the first of them says so. */
  const summary = (key: string, header: string, cell: (s: Summary) => ReactNode, o: Partial<Column<Row>> = {}): Column<Row> => ({
    key,
    header,
    ...o,
    cell: (r) => {
      const s = summaryOf(r)
      if (s) return cell(s)
      return key === 'status' ? <span aria-busy="true">{t('common:loading')}</span> : null
    },
  })

  const columns: Column<Row>[] = [
    shared.cover<Row>((r) => summaryOf(r)?.cover_image),
    {
      key: 'title',
      header: t('list.columns.title'),
      rowHeader: true,
      cell: (r) => (
        <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: r.id }}>
          <span lang={r.kind === 'hit' ? r.hit.locale : (r.post.locale ?? undefined)}>{r.title}</span>
        </AnchorLink>
      ),
    },
    ...(searching
      ? [
          {
            key: 'match',
            header: t('list.columns.match'),
            cell: (r: Row) =>
              r.kind === 'hit' && r.hit.snippet ? (
                <span lang={r.hit.locale}>
                  <Snippet html={r.hit.snippet} markdown className="blog-list-snippet" />
                </span>
              ) : (
                <Text>—</Text>
              ),
          },
        ]
      : []),
    summary(
      'status',
      t('list.columns.status'),
      (s) => (
        <Badge variant="light" className={`blog-status blog-status-${s.status}`}>
          {t(`common:status.${s.status}`)}
        </Badge>
      ),
      { nowrap: true },
    ),
    summary('author', t('list.columns.author'), (s) => s.author ?? '—'),
    summary('published', t('list.columns.published'), (s) => (s.published_date ? formatDay(s.published_date, lang) : '—'), { nowrap: true }),
    summary('updated', t('list.columns.updated'), (s) => formatDateTime(s.updated_at, lang)),
    summary('featured', t('list.columns.featured'), (s) =>
      s.is_featured ? (
        t('list.featured')
      ) : (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{t('list.notFeatured')}</span>
        </>
      ),
    ),
    shared.languages<Row>((r) =>
      localeIdsOf(r)
        ?.map((id) => codeOf.get(id))
        .filter((c): c is string => c !== undefined),
    ),
  ]

  return (
    <DataTable
      label={searching ? t('list.searchResults') : t('list.tableLabel')}
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      selection={{ name: (r) => t('list.select', { title: r.title }), allName: t('list.selectAll'), ...selection }}
      busy={busy}
      striped
    />
  )
}
