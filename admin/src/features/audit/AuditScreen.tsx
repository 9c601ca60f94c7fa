import type { Schemas } from '@atrium-cms/client'
import { Button, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { Pager } from '../../shared/ui/Pager'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { auditQueries } from './api'
import { AuditEntryRow } from './AuditEntryRow'
import { AuditFilters } from './AuditFilters'
import { useAuditLabels } from './labels'
import { PER_PAGE, hasFilters, type AuditSearch } from './search'
import './audit.css'

interface Props {
  siteId: string
  search: AuditSearch
  onSearch: (next: AuditSearch) => void
}

/** The site's audit log: filters in the URL, each entry linking to its record, its field changes with revert. */
export function AuditScreen({ siteId, search, onSearch }: Props) {
  const { t } = useTranslation('audit')
  const list = useQuery(auditQueries.list(siteId, search))
  const { typeLabel, actionLabel } = useAuditLabels(siteId)
  // Which entry shows its changes: kept here, so it outlives the table while a new page loads.
  const [open, setOpen] = useState<string | null>(null)

  return (
    <Stack gap="md">
      <ScreenHeader siteId={siteId} title={t('title')} intro={t('intro')} />
      <AuditFilters search={search} onSearch={onSearch} typeLabel={typeLabel} actionLabel={actionLabel} />
      {list.isError ? (
        <ProblemAlert error={list.error} title={t('loadFailed')} />
      ) : !list.data ? (
        <Text role="status">{t('loading')}</Text>
      ) : list.data.data.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text role="status">{hasFilters(search) ? t('emptyFiltered') : t('empty')}</Text>
          {hasFilters(search) && (
            <Button variant="default" onClick={() => onSearch({})}>
              {t('clearFilters')}
            </Button>
          )}
        </Stack>
      ) : (
        <EntriesTable siteId={siteId} search={search} entries={list.data.data} busy={list.isFetching} open={open} onOpen={setOpen} />
      )}
      {list.data && list.data.data.length > 0 && <Footer search={search} onSearch={onSearch} shown={list.data.data.length} total={list.data.meta.total} />}
    </Stack>
  )
}

interface TableProps {
  siteId: string
  search: AuditSearch
  entries: Array<Schemas['AuditLogEntry']>
  busy: boolean
  open: string | null
  onOpen: (id: string | null) => void
}

/** A page of entries; one at a time shows its changes. */
function EntriesTable({ siteId, search, entries, busy, open, onOpen }: TableProps) {
  const { t } = useTranslation('audit')
  const me = useQuery(sharedQueries.me())
  const canRevert = atLeast(siteLevel(me.data, siteId), 'Admin')
  return (
    <div className="audit-table-wrap">
      <Table verticalSpacing="xs" aria-busy={busy || undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.when')}</Table.Th>
            <Table.Th scope="col">{t('columns.action')}</Table.Th>
            <Table.Th scope="col">{t('columns.record')}</Table.Th>
            <Table.Th scope="col">{t('columns.actor')}</Table.Th>
            <Table.Th scope="col">{t('columns.changes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <AuditEntryRow
              key={e.id}
              siteId={siteId}
              entry={e}
              search={search}
              expanded={open === e.id}
              onToggle={() => onOpen(open === e.id ? null : e.id)}
              canRevert={canRevert}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}

/** Which entries are shown of how many, and the pages. */
function Footer({ search, onSearch, shown, total }: { search: AuditSearch; onSearch: Props['onSearch']; shown: number; total: number }) {
  const { t } = useTranslation('audit')
  const page = search.page ?? 1
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  return (
    <div className="audit-footer">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('showing', { from: (page - 1) * PER_PAGE + 1, to: (page - 1) * PER_PAGE + shown, total })}
      </Text>
      <Pager label={t('pagination')} pages={pages} page={page} onPage={(p) => onSearch({ ...search, page: p })} />
    </div>
  )
}
