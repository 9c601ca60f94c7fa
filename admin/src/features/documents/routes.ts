import { featureRoute } from '../../app/baseRoutes'

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

export const documentRoutes = [
  featureRoute('/sites/$siteId/documents', () => import('./DocumentsRoute'), validateDocumentsSearch),
  featureRoute('/sites/$siteId/documents/$documentId', () => import('./DocumentRoute')),
] as const
