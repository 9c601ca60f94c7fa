import { getRouteApi } from '@tanstack/react-router'
import './messages'
import { TemplatesScreen } from './TemplatesScreen'

const route = getRouteApi('/app/sites/$siteId/templates')

export default function TemplatesRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return <TemplatesScreen siteId={siteId} search={search} onSearch={(next, replace) => void navigate({ search: next, replace: replace ?? false })} />
}
