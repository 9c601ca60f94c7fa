import { Stack, Text } from '@mantine/core'
import { createContext, useContext, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { registerMessages } from '../../../shared/i18n/register'
import type { BlogValues } from './api'

/** The props of the media picker (features/media/picker/MediaPicker.tsx), which the route hands in: features never import each other. */
export interface ImagePickerProps {
  siteId: string
  value: string | null
  onChange: (mediaId: string | null) => void
  label: string
  accept?: 'image' | 'any'
}

/** The route (routes/blog-editor.tsx) provides the media picker; without one the image fields are not shown. */
export const ImagePickerContext = createContext<ComponentType<ImagePickerProps> | null>(null)

registerMessages(
  'blogs',
  { editor: { fields: { cover_image_id: 'Cover image', header_image_id: 'Header image' }, images: 'Images' } },
  { editor: { fields: { cover_image_id: 'Titelbild', header_image_id: 'Kopfbild' }, images: 'Bilder' } },
)

/** The post's cover and header images, chosen with the media picker; they save with the blog record (If-Match). */
export function BlogImageFields({ siteId, values, onChange, errors }: { siteId: string; values: BlogValues; onChange: (v: BlogValues) => void; errors: Record<string, string> }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const Picker = useContext(ImagePickerContext)
  if (!Picker) return null
  return (
    <Stack gap="sm" role="group" aria-label={t('images')}>
      {(['cover_image_id', 'header_image_id'] as const).map((field) => (
        <div key={field}>
          <Picker siteId={siteId} value={values[field]} onChange={(id) => onChange({ ...values, [field]: id })} label={t(`fields.${field}`)} accept="image" />
          {errors[field] && (
            <Text c="red.8" size="sm">
              {errors[field]}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  )
}
