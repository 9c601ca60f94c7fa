import './messages'
import '../../shared/editor/messages'
import { useParams } from '@tanstack/react-router'
import { PageEditorScreen } from './editor/PageEditorScreen'

/** `/sites/$siteId/pages/new` and `/sites/$siteId/pages/$pageId`: the page editor. */
export default function PageEditorRoute() {
  const { siteId, pageId } = useParams({ strict: false })
  return <PageEditorScreen siteId={siteId ?? ''} pageId={pageId} />
}
