import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../shared/ui/links'

/** "Edit webhook" beside a webhook's log, to its edit form. */
export function EditWebhookLink({ siteId, webhookId, url }: { siteId: string; webhookId: string; url: string }) {
  const { t } = useTranslation('webhooks')
  return (
    <ButtonLink to="/sites/$siteId/webhooks/$webhookId/edit" params={{ siteId, webhookId }} variant="default" aria-label={t('edit.link', { url })}>
      {t('edit.button')}
    </ButtonLink>
  )
}
