import { imageUrl, srcset, type Schemas } from '@atrium-cms/client'
import { Badge, Checkbox, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { AnchorLink } from '../../../shared/ui/links'
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

/** The cover's rendition size in the list (CSS pixels; the srcset adds the double for dense screens). */
const THUMB = 48

interface Props {
  siteId: string
  rows: Row[]
  searching: boolean
  selected: Map<string, string>
  onSelect: (next: Map<string, string>) => void
  busy: boolean
}

export function BlogTable({ siteId, rows, searching, selected, onSelect, busy }: Props) {
  const { t } = useTranslation('blogs')
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const some = rows.some((r) => selected.has(r.id))
  const toggleAll = () => {
    const next = new Map(selected)
    for (const r of rows) {
      if (all) next.delete(r.id)
      else next.set(r.id, r.title)
    }
    onSelect(next)
  }
  const toggle = (r: Row) => {
    const next = new Map(selected)
    if (next.has(r.id)) next.delete(r.id)
    else next.set(r.id, r.title)
    onSelect(next)
  }
  // The site's locales name each post's localizations by code.
  const locales = useQuery(blogListQueries.locales(siteId))
  const codeOf = new Map((locales.data ?? []).map((l) => [l.id, l.code]))

  return (
    <div className="blog-list-table-wrap">
      <Table striped highlightOnHover aria-busy={busy} aria-label={searching ? t('list.searchResults') : t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className="blog-list-check">
              <Checkbox aria-label={t('list.selectAll')} checked={all} indeterminate={some && !all} onChange={toggleAll} />
            </Table.Th>
            <Table.Th scope="col" className="blog-list-thumb">
              <span className="visually-hidden">{t('list.columns.cover')}</span>
            </Table.Th>
            <Table.Th scope="col">{t('list.columns.title')}</Table.Th>
            {searching && <Table.Th scope="col">{t('list.columns.match')}</Table.Th>}
            <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.author')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.published')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.updated')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.featured')}</Table.Th>
            <Table.Th scope="col">{t('list.columns.languages')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <BlogRow key={r.id} siteId={siteId} row={r} selected={selected.has(r.id)} onToggle={() => toggle(r)} codeOf={codeOf} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

function BlogRow({
  siteId,
  row,
  selected,
  onToggle,
  codeOf,
}: {
  siteId: string
  row: Row
  selected: boolean
  onToggle: () => void
  codeOf: Map<string, string>
}) {
  const { t } = useTranslation('blogs')
  // A list item carries its columns, languages and cover; only a search hit reads its post (kept a while).
  const detail = useQuery({ ...blogListQueries.detail(siteId, row.id), enabled: row.kind === 'hit' })
  const summary: Summary | undefined = row.kind === 'post' ? row.post : detail.data
  const localeIds = row.kind === 'post' ? row.post.locale_ids : detail.data?.localizations.map((l) => l.locale_id)
  const codes = localeIds?.map((id) => codeOf.get(id)).filter((c): c is string => c !== undefined)
  const hitLang = row.kind === 'hit' ? row.hit.locale : (row.post.locale ?? undefined)
  return (
    <Table.Tr aria-selected={selected}>
      <Table.Td>
        <Checkbox aria-label={t('list.select', { title: row.title })} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td className="blog-list-thumb">{summary?.cover_image ? <Cover image={summary.cover_image} /> : null}</Table.Td>
      <Table.Th scope="row" fw={500} lang={hitLang}>
        <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: row.id }}>
          {row.title}
        </AnchorLink>
      </Table.Th>
      {row.kind === 'hit' && (
        <Table.Td lang={row.hit.locale}>
          {row.hit.snippet ? <Snippet html={row.hit.snippet} markdown className="blog-list-snippet" /> : <Text>—</Text>}
        </Table.Td>
      )}
      {summary ? (
        <SummaryCells summary={summary} />
      ) : (
        <Table.Td colSpan={5} aria-busy="true">
          {t('common:loading')}
        </Table.Td>
      )}
      <Table.Td>{codes ? codes.join(' · ') : '…'}</Table.Td>
    </Table.Tr>
  )
}

/** The cover as a small rendition (the client's imageUrl/srcset), decorative: the title beside it names the row. */
function Cover({ image }: { image: Schemas['EmbeddedImage'] }) {
  const src = imageUrl(image, { w: THUMB, h: THUMB, fit: 'cover', fmt: 'auto' })
  if (!src) return null
  return (
    <img
      className="blog-list-cover"
      src={src}
      srcSet={srcset(image, [THUMB, THUMB * 2], { ratio: 1 })}
      sizes={`${THUMB}px`}
      width={THUMB}
      height={THUMB}
      alt=""
      loading="lazy"
      data-testid="cover"
    />
  )
}

function SummaryCells({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation('blogs')
  const lang = i18n.language
  return (
    <>
      <Table.Td>
        <Badge variant="light" className={`blog-status blog-status-${summary.status}`}>
          {t(`common:status.${summary.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{summary.author ?? '—'}</Table.Td>
      <Table.Td>{summary.published_date ? formatDay(summary.published_date, lang) : '—'}</Table.Td>
      <Table.Td>{formatDateTime(summary.updated_at, lang)}</Table.Td>
      <Table.Td>
        {summary.is_featured ? (
          t('list.featured')
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('list.notFeatured')}</span>
          </>
        )}
      </Table.Td>
    </>
  )
}
