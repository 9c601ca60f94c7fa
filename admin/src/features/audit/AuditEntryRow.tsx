import type { Schemas } from '@atrium-cms/client'
import { Badge, Button, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { recordLink } from '../../shared/logic/recordLink'
import { AnchorLink } from '../../shared/ui/links'
import { EntryChanges } from './EntryChanges'
import { mayHaveChanges } from './entryChanges'
import { useAuditLabels } from './labels'
import type { AuditSearch } from './search'

type Entry = Schemas['AuditLogEntry']

/** The record an entry is about: a link to it where the admin has a screen for it, and the entry's metadata. */
function RecordCell({ siteId, entry: e, recordText }: { siteId: string; entry: Entry; recordText: string }) {
  const { t } = useTranslation('audit')
  const link = recordLink(e.entity_type, e.entity_id, e.action)
  return (
    <Table.Td>
      {link?.recordId ? (
        <AnchorLink
          to="/sites/$siteId/$area/$recordId"
          params={{ siteId, area: link.area, recordId: link.recordId }}
          aria-label={t('openRecord', { record: recordText })}
        >
          {recordText}
        </AnchorLink>
      ) : link ? (
        <AnchorLink to="/sites/$siteId/$area" params={{ siteId, area: link.area }} aria-label={t('openRecord', { record: recordText })}>
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
  )
}

/** Who acted; a person or key links to the log narrowed to them (the other filters kept). */
function ActorCell({ siteId, entry: e, search }: { siteId: string; entry: Entry; search: AuditSearch }) {
  const { t } = useTranslation('audit')
  const actor = useAuditLabels(siteId).actorOf(e)
  return (
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
  )
}

interface RowProps {
  siteId: string
  entry: Entry
  search: AuditSearch
  expanded: boolean
  onToggle: () => void
  canRevert: boolean
}

/** One log entry, and below it, when expanded, its field changes (with revert for Admins). */
export function AuditEntryRow({ siteId, entry: e, search, expanded, onToggle, canRevert }: RowProps) {
  const { t, i18n } = useTranslation('audit')
  const { recordName, actionLabel } = useAuditLabels(siteId)
  const recordText = recordName(e)
  const action = actionLabel(e.action)
  return (
    <>
      <Table.Tr data-entry={e.id}>
        <Table.Td>
          <time dateTime={e.created_at}>{formatDateTime(e.created_at, i18n.language)}</time>
        </Table.Td>
        <Table.Td>
          <Badge variant="outline" color="gray" className="audit-action">
            {action}
          </Badge>
        </Table.Td>
        <RecordCell siteId={siteId} entry={e} recordText={recordText} />
        <ActorCell siteId={siteId} entry={e} search={search} />
        <Table.Td>
          {mayHaveChanges(e) && (
            <Button
              size="xs"
              variant="default"
              aria-expanded={expanded}
              aria-controls={`changes-${e.id}`}
              aria-label={`${expanded ? t('hideChanges') : t('showChanges')}: ${action} ${recordText}`}
              onClick={onToggle}
            >
              {expanded ? t('hideChanges') : t('showChanges')}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <section
              id={`changes-${e.id}`}
              className="audit-changes"
              aria-label={t('changesOf', { record: recordText, when: formatDateTime(e.created_at, i18n.language) })}
            >
              <EntryChanges siteId={siteId} entry={e} canRevert={canRevert} recordText={recordText} />
            </section>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
