import { useParams } from '@tanstack/react-router'
import { useMemo } from 'react'
import { BlogEditorScreen } from '../features/blogs/editor/BlogEditorScreen'
import { InsertImageDialog } from '../features/media/picker/InsertImageDialog'
import { MediaPicker } from '../features/media/picker/MediaPicker'
import { ImageInsertContext, ImagePickerContext } from '../shared/editor/ImagePicker'

/** `/sites/$siteId/blogs/new` and `/sites/$siteId/blogs/$blogId`: the blog editor, with the media picker for its images and Markdown images. */
export default function BlogEditorRoute() {
  const { siteId, blogId } = useParams({ strict: false })
  const insert = useMemo(() => ({ siteId: siteId ?? '', Dialog: InsertImageDialog }), [siteId])
  return (
    <ImagePickerContext.Provider value={MediaPicker}>
      <ImageInsertContext.Provider value={insert}>
        <BlogEditorScreen siteId={siteId ?? ''} blogId={blogId} />
      </ImageInsertContext.Provider>
    </ImagePickerContext.Provider>
  )
}
