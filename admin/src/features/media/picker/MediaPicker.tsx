import { Button, Group, Loader, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mediaQueries } from '../api'
import { Thumb } from '../library/MediaItems'
import '../messages'
import '../media.css'

/** The dialog (the whole library: browse, search, upload, alt text) loads when first opened, in its own chunk. */
const PickerDialog = lazy(() => import('./PickerDialog'))

export interface MediaPickerProps {
  siteId: string
  value: string | null
  onChange: (mediaId: string | null) => void
  label: string
  accept?: 'image' | 'any'
}

/**
 * A form field holding one media id: the chosen file (thumbnail and name), "Choose" opening the media library in a
 * dialog (the same code as the library screen: browse, search, upload, alt text per locale) and "Remove". Other
 * features mount it from their routes (a feature never imports another).
 */
export function MediaPicker({ siteId, value, onChange, label, accept = 'image' }: MediaPickerProps) {
  const { t } = useTranslation('media')
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const chosen = useQuery({ ...mediaQueries.detail(siteId, value ?? ''), enabled: value !== null })
  const labelId = useId()
  return (
    <fieldset className="media-picker" aria-labelledby={labelId}>
      <legend id={labelId}>{label}</legend>
      <Group gap="sm" wrap="nowrap" align="center">
        {value === null ? (
          <Text size="sm" c="dimmed">
            {t('picker.none')}
          </Text>
        ) : chosen.data ? (
          <>
            <Thumb media={chosen.data} size="sm" />
            <Text size="sm" className="media-filename" data-testid="media-picker-filename">
              {chosen.data.filename}
            </Text>
          </>
        ) : chosen.isError ? (
          <Text size="sm" c="var(--mantine-color-red-text)">
            {t('picker.missing')}
          </Text>
        ) : (
          <Loader role="progressbar" size="xs" aria-label={t('loading')} />
        )}
      </Group>
      <Group gap="xs" mt="xs">
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t('picker.actionFor', { action: value === null ? t('picker.choose') : t('picker.change'), label })}
          onClick={() => {
            setLoaded(true)
            setOpen(true)
          }}
        >
          {value === null ? t('picker.choose') : t('picker.change')}
        </Button>
        {value !== null && (
          <Button size="compact-sm" variant="default" aria-label={t('picker.actionFor', { action: t('picker.remove'), label })} onClick={() => onChange(null)}>
            {t('picker.remove')}
          </Button>
        )}
      </Group>
      {loaded && (
        <Suspense fallback={open ? <Loader role="progressbar" size="sm" aria-label={t('loading')} /> : null}>
          <PickerDialog
            opened={open}
            siteId={siteId}
            value={value}
            label={label}
            accept={accept}
            onClose={() => setOpen(false)}
            onChoose={(id) => {
              onChange(id)
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </fieldset>
  )
}
