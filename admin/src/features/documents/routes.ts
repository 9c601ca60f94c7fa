import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../app/baseRoutes'

export interface DocumentsSearch {
  folder?: string
  page?: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Folder and page in the URL; anything malformed falls back to "all documents, page 1". */
export function validateDocumentsSearch(s: Record<string, unknown>): DocumentsSearch {
  const page = Number(s.page)
  return {
    ...(typeof s.folder === 'string' && UUID.test(s.folder) ? { folder: s.folder } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  }
}

const documentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/documents',
  validateSearch: validateDocumentsSearch,
  component: lazyRouteComponent(() => import('./DocumentsRoute')),
})

const documentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/sites/$siteId/documents/$documentId',
  component: lazyRouteComponent(() => import('./DocumentRoute')),
})

export const documentRoutes = [documentsRoute, documentRoute] as const
