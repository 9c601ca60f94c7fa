import { useParams } from '@tanstack/react-router'
import { BlogEditorScreen } from '../features/blogs/editor/BlogEditorScreen'
import { ImagePickerContext } from '../shared/editor/ImagePicker'
import { MediaPicker } from '../features/media/picker/MediaPicker'

/** `/sites/$siteId/blogs/new` and `/sites/$siteId/blogs/$blogId`: the blog editor, with the media picker for its images. */
export default function BlogEditorRoute() {
  const { siteId, blogId } = useParams({ strict: false })
  return (
    <ImagePickerContext.Provider value={MediaPicker}>
      <BlogEditorScreen siteId={siteId ?? ''} blogId={blogId} />
    </ImagePickerContext.Provider>
  )
}
