import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { MediaSearch } from './library/search'
import { MediaLibraryScreen } from './MediaLibraryScreen'
import './messages'

/** `/sites/$siteId/media`: the library with its state in the URL's search params. */
export default function MediaLibraryRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/media' })
  const search = useSearch({ from: '/app/sites/$siteId/media' })
  const navigate = useNavigate({ from: '/sites/$siteId/media' })
  const onSearch = useCallback((next: MediaSearch, replace = false) => void navigate({ search: next, replace }), [navigate])
  return <MediaLibraryScreen siteId={siteId} search={search} onSearch={onSearch} />
}
