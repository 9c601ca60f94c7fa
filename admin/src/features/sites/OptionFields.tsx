import { NumberInput, Select } from '@mantine/core'
import { Controller, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { OptionValues } from './SiteSettingsScreen'

/* The two option fields that need a controller: the searchable time zone and the upload limit in megabytes. */

export function ZoneSelect({ control, zones }: { control: Control<OptionValues>; zones: string[] }) {
  const { t } = useTranslation('sites')
  return (
    <Controller
      control={control}
      name="timezone"
      render={({ field, fieldState }) => (
        <Select
          label={t('settings.timezone')}
          description={t('settings.timezoneHint')}
          data={zones}
          searchable
          limit={50}
          allowDeselect={false}
          value={field.value}
          onChange={(v) => v && field.onChange(v)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  )
}

export function UploadLimit({ control }: { control: Control<OptionValues> }) {
  const { t } = useTranslation('sites')
  return (
    <Controller
      control={control}
      name="upload_mb"
      render={({ field, fieldState }) => (
        <NumberInput
          label={t('settings.uploadLimit')}
          description={t('settings.uploadLimitHint')}
          min={0.01}
          max={10240}
          decimalScale={2}
          value={field.value}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  )
}
