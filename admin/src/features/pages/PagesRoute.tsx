import './messages'
import { getRouteApi } from '@tanstack/react-router'
import { PageListScreen } from './list/PageListScreen'

const route = getRouteApi('/app/sites/$siteId/pages')

export default function PagesRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return <PageListScreen siteId={siteId} search={search} onSearch={(next) => void navigate({ search: next })} />
}
