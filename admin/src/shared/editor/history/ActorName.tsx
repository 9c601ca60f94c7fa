import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiKeyNameQuery } from './api'
import './messages'
import { actorOf, shortId } from './revertPlan'

/** Who made a change, by name when the caller may read it. */
export function ActorName({ change }: { change: { changedBy: string | null; apiKeyId: string | null } }) {
  const { t } = useTranslation('editorHistory')
  const actor = actorOf(change)
  const keyName = useQuery({ ...apiKeyNameQuery(actor.kind === 'apiKey' ? actor.id : ''), enabled: actor.kind === 'apiKey' })
  if (actor.kind === 'system') return <>{t('by.system')}</>
  if (actor.kind === 'user') return <>{t('by.user', { id: shortId(actor.id) })}</>
  return <>{keyName.data ? t('by.apiKey', { name: keyName.data }) : t('by.apiKeyId', { id: shortId(actor.id) })}</>
}
