import { getRouteApi } from '@tanstack/react-router'
import './messages'
import { DocumentsScreen } from './DocumentsScreen'

const route = getRouteApi('/app/sites/$siteId/documents')

export default function DocumentsRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return <DocumentsScreen siteId={siteId} search={search} onSearch={(next) => void navigate({ search: next })} />
}
