import { getRouteApi } from '@tanstack/react-router'
import { AiSettingsScreen } from './AiSettingsScreen'
import './messages'

const route = getRouteApi('/app/sites/$siteId/ai')

export default function AiRoute() {
  const { siteId } = route.useParams()
  return <AiSettingsScreen siteId={siteId} />
}
