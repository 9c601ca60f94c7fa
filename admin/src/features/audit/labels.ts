import type { Schemas } from '@atrium-cms/client'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useRecordNames } from '../../shared/i18n/records'
import { shortId } from '../../shared/logic/recordName'
import { auditQueries } from './api'

/** How the log names a record type, an action, a record and who acted (a person, an API key or Atrium itself). */
export function useAuditLabels(siteId: string) {
  const { t } = useTranslation('audit')
  const names = useRecordNames()
  const actors = useQuery(auditQueries.actors(siteId)).data
  const actorOf = (e: Schemas['AuditLogEntry']) => {
    if (e.user_id) {
      const name = actors?.users.get(e.user_id)
      return name ? t('actor.userNamed', { name }) : t('actor.user', { id: shortId(e.user_id) })
    }
    if (e.api_key_id) {
      const name = actors?.keys.get(e.api_key_id)
      return name ? t('actor.keyNamed', { name }) : t('actor.key', { id: shortId(e.api_key_id) })
    }
    return t('actor.service')
  }
  return { ...names, actorOf }
}
