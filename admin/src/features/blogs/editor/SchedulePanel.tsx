import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BlogValues } from './api'
import './metaMessages'
import './post-meta.css'
import { formatInZone, fromWallTime, isKnownZone, toWallTime, viewerZone } from './siteTime'

type Field = 'publish_start' | 'publish_end'

/**
 * publish_start / publish_end, typed as wall-clock time in the site's time zone (settings `timezone`) and saved as
 * instants through the blog's save queue; each shows the viewer's own time as a hint, and a note at the DST edges.
 */
export function SchedulePanel({
  values,
  onChange,
  timeZone,
  disabled,
  errors,
}: {
  values: BlogValues
  onChange: (v: BlogValues) => void
  timeZone: string
  disabled: boolean
  errors: Record<string, string>
}) {
  const { t, i18n } = useTranslation('blogMeta', { keyPrefix: 'schedule' })
  const zone = isKnownZone(timeZone) ? timeZone : 'UTC'
  const mine = viewerZone()
  // A skipped wall time (spring forward) is saved moved later, so the input shows the moved time: keep why.
  const [moved, setMoved] = useState<Partial<Record<Field, string>>>({})
  const row = (field: Field) => {
    const iso = values[field]
    const wall = toWallTime(iso, zone)
    const resolved = wall === '' ? undefined : fromWallTime(wall, zone)
    const kind = moved[field] === iso ? 'skipped' : resolved?.kind
    const id = `schedule-${field}`
    const hints = [
      iso && mine !== zone ? t('yourTime', { when: formatInZone(iso, i18n.language, mine) }) : '',
      field === 'publish_start' && iso && Date.parse(iso) > Date.now() ? t('willSchedule') : '',
    ].filter((h) => h !== '')
    return (
      <div key={field}>
        {/* Wraps: a date-time field is about 216 px at the least (its parts do not shrink), which with "Clear" beside
            it is wider than the editor's side column at 1280 px; "Clear" goes under the field instead. */}
        <Group gap="xs" align="flex-end">
          <TextInput
            type="datetime-local"
            label={t(field === 'publish_start' ? 'start' : 'end')}
            value={wall}
            disabled={disabled}
            aria-describedby={`${id}-hint schedule-zone`}
            error={errors[field] ?? (field === 'publish_end' && values.publish_start && iso && iso < values.publish_start ? t('endBeforeStart') : undefined)}
            onChange={(e) => {
              const v = e.currentTarget.value
              if (v === '') return onChange({ ...values, [field]: null })
              const r = fromWallTime(v, zone)
              if (!r) return
              setMoved((m) => ({ ...m, [field]: r.kind === 'skipped' ? r.iso : undefined }))
              onChange({ ...values, [field]: r.iso })
            }}
            className="schedule-field"
          />
          {iso && !disabled && (
            <Button
              variant="default"
              onClick={() => onChange({ ...values, [field]: null })}
              aria-label={t(field === 'publish_start' ? 'clearStart' : 'clearEnd')}
            >
              {t('clear')}
            </Button>
          )}
        </Group>
        <Text id={`${id}-hint`} size="xs" c="dimmed" data-testid={`${id}-hint`}>
          {hints.join(' ')}
        </Text>
        {iso && kind && kind !== 'exact' && (
          <Text size="xs" c="var(--mantine-color-orange-text)" role="status">
            {t(kind, { zone, when: wall.replace('T', ' ') })}
          </Text>
        )}
      </div>
    )
  }
  return (
    <fieldset className="editor-fieldset">
      <legend>{t('legend')}</legend>
      <Stack gap="xs">
        <Text id="schedule-zone" size="xs" c="dimmed">
          {zone === timeZone ? t('zone', { zone }) : t('unknownZone', { zone: timeZone })}
        </Text>
        {row('publish_start')}
        {row('publish_end')}
      </Stack>
    </fieldset>
  )
}
