import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../i18n/format'
import { groupHistory } from '../../logic/historyDiff'
import { historyQuery } from './api'
import { ActorName } from './ActorName'
import './messages'

/**
 * "Changed by … , <when>" for the conflict view: the newest change in the record's change history (the version the
 * 412 carried). Shows nothing while loading or when the API does not tell (no history, no access).
 */
export function WhoChanged({ siteId, entityType, entityId }: { siteId: string; entityType: string; entityId: string }) {
  const { t, i18n } = useTranslation('editorHistory')
  const history = useQuery({ ...historyQuery(siteId, entityType, entityId), staleTime: 0 })
  const latest = history.data ? groupHistory(history.data)[0] : undefined
  if (!latest) return null
  return (
    <Text component="span" size="sm" data-testid="conflict-who">
      <Trans
        who={<ActorName change={latest} />}
        when={formatDateTime(latest.changedAt, i18n.language)}
        text={t('whoChanged', { who: '\u0000', when: '\u0001' })}
      />
    </Text>
  )
}

/** The message with the actor element in its place (the name may load later). */
function Trans({ text, who, when }: { text: string; who: ReactNode; when: string }) {
  const [before, rest = ''] = text.split('\u0000')
  return (
    <>
      {before}
      {who}
      {rest.replace('\u0001', when)}
    </>
  )
}
