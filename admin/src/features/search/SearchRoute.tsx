import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { SearchScreen } from './SearchScreen'
import type { SiteSearch } from './search'
import './messages'

const route = getRouteApi('/app/sites/$siteId/search')

export default function SearchRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: SiteSearch, replace = false) => void navigate({ search: next, replace }), [navigate])
  return <SearchScreen siteId={siteId} search={search} onSearch={onSearch} />
}
