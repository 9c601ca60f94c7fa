import { useQuery } from '@tanstack/react-query'
import { EditorLoading, useEditorBase } from '../../../shared/editor/EditorShell'
import { editorQueries } from './api'
import { EditBlogForm } from './EditBlogForm'
import { NewBlogForm } from './NewBlogForm'

/** The blog editor: `/sites/$siteId/blogs/new` (blogId undefined) and `/sites/$siteId/blogs/$blogId`. */
export function BlogEditorScreen({ siteId, blogId }: { siteId: string; blogId: string | undefined }) {
  const detail = useQuery({ ...editorQueries.detail(siteId, blogId ?? ''), enabled: blogId !== undefined })
  const { base, error } = useEditorBase(siteId, blogId !== undefined ? [detail] : [])
  if (error || !base) return <EditorLoading ns="blogs" error={error} />
  return detail.data && blogId !== undefined ? (
    <EditBlogForm key={blogId} siteId={siteId} loaded={detail.data} {...base} />
  ) : (
    <NewBlogForm siteId={siteId} locales={base.locales} defaultLocaleId={base.defaultLocaleId} />
  )
}
