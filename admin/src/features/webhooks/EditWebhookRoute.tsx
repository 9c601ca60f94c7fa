import { useParams } from '@tanstack/react-router'
import './messages'
import { EditWebhookScreen } from './EditWebhookScreen'

export default function EditWebhookRoute() {
  const { siteId, webhookId } = useParams({ from: '/app/sites/$siteId/webhooks/$webhookId/edit' })
  return <EditWebhookScreen siteId={siteId} webhookId={webhookId} />
}
