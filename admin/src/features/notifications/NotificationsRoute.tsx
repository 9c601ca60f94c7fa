import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { NotificationsScreen } from './NotificationsScreen'
import type { NotificationsSearch } from './search'
import './messages'

const route = getRouteApi('/app/notifications')

export default function NotificationsRoute() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: NotificationsSearch) => void navigate({ search: next }), [navigate])
  return <NotificationsScreen search={search} onSearch={onSearch} />
}
