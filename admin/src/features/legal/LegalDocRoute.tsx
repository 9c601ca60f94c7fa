import { getRouteApi } from '@tanstack/react-router'
import './messages'
import { LegalDocScreen } from './LegalDocScreen'

const route = getRouteApi('/app/sites/$siteId/legal/$legalId')

export default function LegalDocRoute() {
  const { siteId, legalId } = route.useParams()
  return <LegalDocScreen siteId={siteId} legalId={legalId} />
}
