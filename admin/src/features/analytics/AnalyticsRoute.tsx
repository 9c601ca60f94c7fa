import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AnalyticsScreen } from './AnalyticsScreen'
import type { AnalyticsSearch } from './report'
import './messages'

const route = getRouteApi('/app/sites/$siteId/analytics')

export default function AnalyticsRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: AnalyticsSearch) => void navigate({ search: next, replace: true }), [navigate])
  return <AnalyticsScreen siteId={siteId} search={search} onSearch={onSearch} />
}
