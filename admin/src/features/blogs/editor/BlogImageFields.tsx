import { Stack, Text } from '@mantine/core'
import { useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { ImagePickerContext } from '../../../shared/editor/ImagePicker'
import { registerMessages } from '../../../shared/i18n/register'
import type { BlogValues } from './api'

registerMessages(
  'blogs',
  { editor: { fields: { cover_image_id: 'Cover image', header_image_id: 'Header image' }, images: 'Images' } },
  { editor: { fields: { cover_image_id: 'Titelbild', header_image_id: 'Kopfbild' }, images: 'Bilder' } },
)

/** The post's cover and header images, chosen with the media picker; they save with the blog record (If-Match). */
export function BlogImageFields({
  siteId,
  values,
  onChange,
  errors,
}: {
  siteId: string
  values: BlogValues
  onChange: (v: BlogValues) => void
  errors: Record<string, string>
}) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const Picker = useContext(ImagePickerContext)
  if (!Picker) return null
  return (
    <Stack gap="sm" role="group" aria-label={t('images')}>
      {(['cover_image_id', 'header_image_id'] as const).map((field) => (
        <div key={field}>
          <Picker siteId={siteId} value={values[field]} onChange={(id) => onChange({ ...values, [field]: id })} label={t(`fields.${field}`)} accept="image" />
          {errors[field] && (
            <Text c="var(--mantine-color-red-text)" size="sm">
              {errors[field]}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  )
}
