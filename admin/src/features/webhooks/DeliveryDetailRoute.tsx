import { useParams } from '@tanstack/react-router'
import './messages'
import { DeliveryDetailScreen } from './DeliveryDetailScreen'

export default function DeliveryDetailRoute() {
  const { siteId, webhookId, deliveryId } = useParams({ from: '/app/sites/$siteId/webhooks/$webhookId/deliveries/$deliveryId' })
  return <DeliveryDetailScreen siteId={siteId} webhookId={webhookId} deliveryId={deliveryId} />
}
