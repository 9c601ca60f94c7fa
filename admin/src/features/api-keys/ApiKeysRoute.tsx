import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import './messages'
import { ApiKeysScreen } from './ApiKeysScreen'
import type { KeySearch } from './search'

const route = getRouteApi('/app/sites/$siteId/api-keys')

export default function ApiKeysRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: KeySearch) => void navigate({ search: next }), [navigate])
  return <ApiKeysScreen siteId={siteId} search={search} onSearch={onSearch} />
}
