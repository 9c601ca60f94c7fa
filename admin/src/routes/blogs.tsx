import { getRouteApi } from '@tanstack/react-router'
import { useCallback } from 'react'
import { BlogListScreen } from '../features/blogs/list/BlogListScreen'
import type { BlogListSearch } from '../features/blogs/list/search'

const route = getRouteApi('/app/sites/$siteId/blogs')

export default function BlogsRoute() {
  const { siteId } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const onSearch = useCallback((next: BlogListSearch, replace = false) => void navigate({ search: next, replace }), [navigate])
  return <BlogListScreen siteId={siteId} search={search} onSearch={onSearch} />
}
