import { NativeSelect } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { pageQueries } from '../api'

/*
 * A stand-in for the media picker (features/media/picker/MediaPicker.tsx, built in parallel, with exactly these props):
 * a choice among the site's images. Swapping it is one import line in SectionCard.tsx.
 * TODO(issue 28): replace with MediaPicker once it lands on main.
 */
export function CoverField({ siteId, value, onChange, label }: { siteId: string; value: string | null; onChange: (mediaId: string | null) => void; label: string }) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const media = useQuery(pageQueries.media(siteId))
  const options = media.data ?? []
  const known = value === null || options.some((m) => m.id === value)
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      description={media.isLoading ? t('coverLoading') : undefined}
      data={[
        { value: '', label: t('coverNone') },
        ...(known ? [] : [{ value: value ?? '', label: value ?? '' }]),
        ...options.map((m) => ({ value: m.id, label: m.filename })),
      ]}
    />
  )
}
