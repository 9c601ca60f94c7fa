import type { Schemas } from '@atrium-cms/client'
import { useTranslation } from 'react-i18next'
import { useRecordNames } from '../../shared/i18n/records'
import { shortId } from '../../shared/logic/recordName'

/** How the log names a record type, an action, a record and who acted (a person, an API key or Atrium itself). */
export function useAuditLabels() {
  const { t } = useTranslation('audit')
  const names = useRecordNames()
  const actorOf = (e: Schemas['AuditLogEntry']) =>
    e.user_id ? t('actor.user', { id: shortId(e.user_id) }) : e.api_key_id ? t('actor.key', { id: shortId(e.api_key_id) }) : t('actor.service')
  return { ...names, actorOf }
}
