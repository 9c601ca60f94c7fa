import type { Schemas } from '@atrium-cms/client'
import { Badge, Checkbox, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/i18n/format'
import { AnchorLink } from '../../../shared/ui/links'
import { Snippet } from '../../../shared/ui/Snippet'

/** A row: a post of the list, or a hit of the text search (which carries no status, author or dates but its own). */
export type Row = { id: string; title: string } & ({ kind: 'post'; post: Schemas['BlogListItem'] } | { kind: 'hit'; hit: Schemas['SearchHit'] })

/** published_date is a calendar date (YYYY-MM-DD in the site's zone): formatted as a date, never shifted by a zone. */
const formatDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`))

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

  return (
    <div className="blog-list-table-wrap">
      <Table striped highlightOnHover aria-busy={busy} aria-label={searching ? t('list.searchResults') : t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className="blog-list-check">
              <Checkbox aria-label={t('list.selectAll')} checked={all} indeterminate={some && !all} onChange={toggleAll} />
            </Table.Th>
            <Table.Th scope="col">{t('list.columns.title')}</Table.Th>
            {searching ? (
              <>
                <Table.Th scope="col">{t('list.columns.match')}</Table.Th>
                <Table.Th scope="col">{t('list.columns.published')}</Table.Th>
              </>
            ) : (
              <>
                <Table.Th scope="col">{t('list.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('list.columns.author')}</Table.Th>
                <Table.Th scope="col">{t('list.columns.published')}</Table.Th>
                <Table.Th scope="col">{t('list.columns.updated')}</Table.Th>
                <Table.Th scope="col">{t('list.columns.featured')}</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} aria-selected={selected.has(r.id)}>
              <Table.Td>
                <Checkbox aria-label={t('list.select', { title: r.title })} checked={selected.has(r.id)} onChange={() => toggle(r)} />
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: r.id }}>
                  {r.title}
                </AnchorLink>
              </Table.Th>
              {r.kind === 'hit' ? <HitCells hit={r.hit} /> : <PostCells post={r.post} />}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

function HitCells({ hit }: { hit: Schemas['SearchHit'] }) {
  const { i18n } = useTranslation('blogs')
  return (
    <>
      <Table.Td>{hit.snippet ? <Snippet html={hit.snippet} className="blog-list-snippet" /> : <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td>{hit.published_at ? formatDateTime(hit.published_at, i18n.language) : '—'}</Table.Td>
    </>
  )
}

function PostCells({ post }: { post: Schemas['BlogListItem'] }) {
  const { t, i18n } = useTranslation('blogs')
  const lang = i18n.language
  return (
    <>
      <Table.Td>
        <Badge variant="light" className={`blog-status blog-status-${post.status}`}>
          {t(`common:status.${post.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{post.author ?? '—'}</Table.Td>
      <Table.Td>{post.published_date ? formatDay(post.published_date, lang) : '—'}</Table.Td>
      <Table.Td>{formatDateTime(post.updated_at, lang)}</Table.Td>
      <Table.Td>
        {post.is_featured ? (
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
