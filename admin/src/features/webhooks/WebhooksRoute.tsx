import { useParams } from '@tanstack/react-router'
import './messages'
import { WebhooksScreen } from './WebhooksScreen'

export default function WebhooksRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/webhooks' })
  return <WebhooksScreen siteId={siteId} />
}
