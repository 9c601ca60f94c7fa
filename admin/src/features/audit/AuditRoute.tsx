import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AuditScreen } from './AuditScreen'
import type { AuditSearch } from './search'
import './messages'

const route = getRouteApi('/app/sites/$siteId/audit')

export default function AuditRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: AuditSearch) => void navigate({ search: next }), [navigate])
  return <AuditScreen siteId={siteId} search={search} onSearch={onSearch} />
}
