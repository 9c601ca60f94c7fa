import { createContext, type ComponentType } from 'react'

/** The props of the media picker (features/media/picker/MediaPicker.tsx), which the route hands in: features never import each other. */
export interface ImagePickerProps {
  siteId: string
  value: string | null
  onChange: (mediaId: string | null) => void
  label: string
  accept?: 'image' | 'any'
}

/** The editors' routes (routes/blog-editor.tsx, routes/page-editor.tsx) provide the media picker; without one image fields are not shown. */
export const ImagePickerContext = createContext<ComponentType<ImagePickerProps> | null>(null)

/** What the media library's insert dialog hands back: the file's address and its alt text in the editor's locale. */
export interface InsertedImage {
  url: string
  alt: string
}

/** The props of the dialog that picks an image to insert into a Markdown text (features/media/picker/InsertImageDialog.tsx). */
export interface ImageInsertProps {
  siteId: string
  /** The locale whose alt text goes with the image; another locale's, then none, when it has none. */
  localeId: string | null
  label: string
  opened: boolean
  onClose: () => void
  onInsert: (image: InsertedImage) => void
}

/** The editors' routes provide it with the site; without it the Markdown toolbar has no Image button. */
export interface ImageInsert {
  siteId: string
  Dialog: ComponentType<ImageInsertProps>
}
export const ImageInsertContext = createContext<ImageInsert | null>(null)
