import type { Schemas } from '@atrium-cms/client'
import { useTranslation } from 'react-i18next'

/** An id as the log shows it: its first eight characters (the full id is in the link's name). */
export const short = (id: string) => id.slice(0, 8)

/** How the log names a record type and who acted (a person, an API key or Atrium itself). */
export function useAuditLabels() {
  const { t } = useTranslation('audit')
  const typeLabel = (type: string) => t(`entityTypes.${type}`, { defaultValue: type.replace(/_/g, ' ') })
  const actorOf = (e: Schemas['AuditLogEntry']) =>
    e.user_id ? t('actor.user', { id: short(e.user_id) }) : e.api_key_id ? t('actor.key', { id: short(e.api_key_id) }) : t('actor.service')
  return { typeLabel, actorOf }
}
