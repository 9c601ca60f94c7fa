import { useParams } from '@tanstack/react-router'
import { BlogEditorScreen } from '../features/blogs/editor/BlogEditorScreen'

/** `/sites/$siteId/blogs/new` and `/sites/$siteId/blogs/$blogId`: the blog editor. */
export default function BlogEditorRoute() {
  const { siteId, blogId } = useParams({ strict: false })
  return <BlogEditorScreen siteId={siteId ?? ''} blogId={blogId} />
}
