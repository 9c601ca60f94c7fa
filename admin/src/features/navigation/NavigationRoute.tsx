import './messages'
import '../../shared/editor/messages'
import { getRouteApi } from '@tanstack/react-router'
import { NavigationScreen } from './NavigationScreen'

const route = getRouteApi('/app/sites/$siteId/navigation')

export default function NavigationRoute() {
  const { siteId } = route.useParams()
  const { menu } = route.useSearch()
  const navigate = route.useNavigate()
  return <NavigationScreen siteId={siteId} menuId={menu} onSelectMenu={(id) => void navigate({ search: id ? { menu: id } : {} })} />
}
