import type { Schemas } from '@atrium-cms/client'
import { Badge, Button, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Fragment, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../../shared/api/queries'
import { formatDateTime } from '../../shared/i18n/format'
import { atLeast, siteLevel } from '../../shared/logic/access'
import { recordLink } from '../../shared/logic/recordLink'
import { AnchorLink } from '../../shared/ui/links'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { auditQueries } from './api'
import { EntryChanges } from './EntryChanges'
import { mayHaveChanges } from './entryChanges'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, PER_PAGE, hasFilters, isUuid, type AuditSearch } from './search'
import './audit.css'

interface Props {
  siteId: string
  search: AuditSearch
  onSearch: (next: AuditSearch) => void
}

const short = (id: string) => id.slice(0, 8)

/** The site's audit log: filters in the URL, each entry linking to its record, its field changes with revert. */
// eslint-disable-next-line max-lines-per-function -- to be split into components (noted in the issue)
export function AuditScreen({ siteId, search, onSearch }: Props) {
  const { t, i18n } = useTranslation('audit')
  const site = useQuery(sharedQueries.site(siteId))
  const me = useQuery(sharedQueries.me())
  const canRevert = atLeast(siteLevel(me.data, siteId), 'Admin')
  const list = useQuery(auditQueries.list(siteId, search))
  const [open, setOpen] = useState<string | null>(null)
  const typeLabel = (type: string) => t(`entityTypes.${type}`, { defaultValue: type.replace(/_/g, ' ') })
  const actorOf = (e: Schemas['AuditLogEntry']) =>
    e.user_id ? t('actor.user', { id: short(e.user_id) }) : e.api_key_id ? t('actor.key', { id: short(e.api_key_id) }) : t('actor.service')
  const title = t('title')
  const total = list.data?.meta.total ?? 0
  const page = search.page ?? 1
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))

  return (
    <Stack gap="md">
      <PageTitle documentTitle={`${title}${site.data ? ` · ${site.data.name}` : ''}`}>{title}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Filters search={search} onSearch={onSearch} typeLabel={typeLabel} />
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
        <div className="audit-table-wrap">
          <Table verticalSpacing="xs" aria-busy={list.isFetching || undefined}>
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
              {list.data.data.map((e) => {
                const link = recordLink(e.entity_type, e.entity_id, e.action)
                const type = typeLabel(e.entity_type)
                const recordText = e.entity_id ? `${type} ${short(e.entity_id)}` : type
                const actor = actorOf(e)
                const expanded = open === e.id
                return (
                  <Fragment key={e.id}>
                    <Table.Tr data-entry={e.id}>
                      <Table.Td>
                        <time dateTime={e.created_at}>{formatDateTime(e.created_at, i18n.language)}</time>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="outline" color="gray" className="audit-action">
                          {e.action}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {link?.recordId ? (
                          <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: link.area, recordId: link.recordId }} aria-label={t('openRecord', { type, id: e.entity_id })}>
                            {recordText}
                          </AnchorLink>
                        ) : link ? (
                          <AnchorLink to="/sites/$siteId/$area" params={{ siteId, area: link.area }} aria-label={t('openRecord', { type, id: e.entity_id ?? '' })}>
                            {recordText}
                          </AnchorLink>
                        ) : (
                          <Text size="sm">{recordText}</Text>
                        )}
                        {e.metadata !== null && e.metadata !== undefined && (
                          <details>
                            <summary>
                              <Text size="xs" component="span">
                                {t('metadata')}
                              </Text>
                            </summary>
                            <pre className="audit-meta">{JSON.stringify(e.metadata, null, 2)}</pre>
                          </details>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {e.user_id || e.api_key_id ? (
                          <AnchorLink
                            to="/sites/$siteId/audit"
                            params={{ siteId }}
                            search={{ ...search, page: undefined, user_id: e.user_id ?? undefined, api_key_id: e.user_id ? undefined : (e.api_key_id ?? undefined) }}
                            title={t('onlyActor', { actor })}
                            size="sm"
                          >
                            {actor}
                          </AnchorLink>
                        ) : (
                          <Text size="sm">{actor}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {mayHaveChanges(e) && (
                          <Button
                            size="xs"
                            variant="default"
                            aria-expanded={expanded}
                            aria-controls={`changes-${e.id}`}
                            aria-label={`${expanded ? t('hideChanges') : t('showChanges')}: ${e.action} ${recordText}`}
                            onClick={() => setOpen(expanded ? null : e.id)}
                          >
                            {expanded ? t('hideChanges') : t('showChanges')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <section id={`changes-${e.id}`} className="audit-changes" aria-label={t('changesOf', { type, id: short(e.entity_id ?? ''), when: formatDateTime(e.created_at, i18n.language) })}>
                            <EntryChanges siteId={siteId} entry={e} canRevert={canRevert} typeLabel={type} />
                          </section>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                )
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {list.data && list.data.data.length > 0 && (
        <div className="audit-footer">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('showing', { from: (page - 1) * PER_PAGE + 1, to: (page - 1) * PER_PAGE + list.data.data.length, total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('pagination')}>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => onSearch({ ...search, page: p > 1 ? p : undefined })}
                getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
                getItemProps={(p) => ({ 'aria-label': t('pageN', { page: p }) })}
              />
            </nav>
          )}
        </div>
      )}
    </Stack>
  )
}

/** An id filter: typed freely, applied on Enter or when leaving the field, refused when it is not a UUID. */
function IdFilter({ label, value, onApply }: { label: string; value: string | undefined; onApply: (v: string | undefined) => void }) {
  const { t } = useTranslation('audit')
  const [typed, setTyped] = useState(value ?? '')
  useEffect(() => setTyped(value ?? ''), [value])
  const bad = typed.trim() !== '' && !isUuid(typed.trim())
  const apply = () => {
    if (!bad && (typed.trim() || undefined) !== value) onApply(typed.trim().toLowerCase() || undefined)
  }
  return (
    <TextInput
      label={label}
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          apply()
        }
      }}
      error={bad ? t('invalidId') : undefined}
      description={t('idHint')}
      spellCheck={false}
      autoComplete="off"
    />
  )
}

function Filters({ search, onSearch, typeLabel }: { search: AuditSearch; onSearch: Props['onSearch']; typeLabel: (type: string) => string }) {
  const { t } = useTranslation('audit')
  const set = (patch: Partial<AuditSearch>) => onSearch({ ...search, ...patch, page: undefined })
  return (
    <form role="search" aria-label={t('filters')} className="audit-filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label={t('entityType')}
        data={[{ value: '', label: t('allTypes') }, ...AUDIT_ENTITY_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))]}
        value={search.entity_type ?? ''}
        onChange={(v) => set({ entity_type: v || undefined })}
        allowDeselect={false}
        searchable
      />
      <Select
        label={t('action')}
        data={[{ value: '', label: t('allActions') }, ...AUDIT_ACTIONS.map((v) => ({ value: v, label: v }))]}
        value={search.action ?? ''}
        onChange={(v) => set({ action: v || undefined })}
        allowDeselect={false}
      />
      <IdFilter label={t('userId')} value={search.user_id} onApply={(v) => set({ user_id: v })} />
      <IdFilter label={t('apiKeyId')} value={search.api_key_id} onApply={(v) => set({ api_key_id: v })} />
      <TextInput type="date" label={t('from')} value={search.from ?? ''} max={search.to} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
      <TextInput type="date" label={t('to')} value={search.to ?? ''} min={search.from} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
      {hasFilters(search) && (
        <Button variant="default" onClick={() => onSearch({})}>
          {t('clearFilters')}
        </Button>
      )}
    </form>
  )
}
