import PageEditorRoute from '../features/pages/PageEditorRoute'
import { MediaPicker } from '../features/media/picker/MediaPicker'
import { ImagePickerContext } from '../shared/editor/ImagePicker'

/** `/sites/$siteId/pages/new` and `/sites/$siteId/pages/$pageId`: the page editor, with the media picker for its section covers. */
export default function PageEditorWithPicker() {
  return (
    <ImagePickerContext.Provider value={MediaPicker}>
      <PageEditorRoute />
    </ImagePickerContext.Provider>
  )
}
