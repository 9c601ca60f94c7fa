import './messages'
import '../../shared/editor/messages'
import { useParams } from '@tanstack/react-router'
import { PageEditorScreen } from './editor/PageEditorScreen'

/** The page editor with its strings (routes/page-editor.tsx mounts it with the media picker). */
export default function PageEditorRoute() {
  const { siteId, pageId } = useParams({ strict: false })
  return <PageEditorScreen siteId={siteId ?? ''} pageId={pageId} />
}
