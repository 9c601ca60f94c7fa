import { getRouteApi } from '@tanstack/react-router'
import './messages'
import { LegalListScreen } from './LegalListScreen'

const route = getRouteApi('/app/sites/$siteId/legal')

export default function LegalListRoute() {
  const { siteId } = route.useParams()
  return <LegalListScreen siteId={siteId} />
}
