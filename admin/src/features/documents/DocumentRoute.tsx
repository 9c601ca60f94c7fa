import { getRouteApi } from '@tanstack/react-router'
import './messages'
import { DocumentScreen } from './DocumentScreen'

const route = getRouteApi('/app/sites/$siteId/documents/$documentId')

export default function DocumentRoute() {
  const { siteId, documentId } = route.useParams()
  return <DocumentScreen siteId={siteId} documentId={documentId} />
}
