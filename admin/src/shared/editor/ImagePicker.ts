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
