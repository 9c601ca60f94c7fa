import { useParams } from '@tanstack/react-router'
import { useMemo } from 'react'
import PageEditorRoute from '../features/pages/PageEditorRoute'
import { InsertImageDialog } from '../features/media/picker/InsertImageDialog'
import { MediaPicker } from '../features/media/picker/MediaPicker'
import { ImageInsertContext, ImagePickerContext } from '../shared/editor/ImagePicker'

/** `/sites/$siteId/pages/new` and `/sites/$siteId/pages/$pageId`: the page editor, with the media picker for its section covers and Markdown images. */
export default function PageEditorWithPicker() {
  const { siteId } = useParams({ strict: false })
  const insert = useMemo(() => ({ siteId: siteId ?? '', Dialog: InsertImageDialog }), [siteId])
  return (
    <ImagePickerContext.Provider value={MediaPicker}>
      <ImageInsertContext.Provider value={insert}>
        <PageEditorRoute />
      </ImageInsertContext.Provider>
    </ImagePickerContext.Provider>
  )
}
