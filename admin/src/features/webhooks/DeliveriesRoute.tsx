import { useParams } from '@tanstack/react-router'
import './messages'
import { DeliveriesScreen } from './DeliveriesScreen'

export default function DeliveriesRoute() {
  const { siteId, webhookId } = useParams({ from: '/app/sites/$siteId/webhooks/$webhookId' })
  return <DeliveriesScreen siteId={siteId} webhookId={webhookId} />
}
