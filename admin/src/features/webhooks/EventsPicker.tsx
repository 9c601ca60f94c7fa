import { Checkbox, Radio, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { EVENT_GROUPS, type WebhookEvent } from './events'

/** All events, or the chosen ones in one checkbox group per thing they are about. */
export function EventsChoice({
  mode,
  chosen,
  onMode,
  onChosen,
  error,
}: {
  mode: 'all' | 'chosen'
  chosen: WebhookEvent[]
  onMode: (mode: 'all' | 'chosen') => void
  onChosen: (next: WebhookEvent[]) => void
  error?: string
}) {
  const { t } = useTranslation('webhooks')
  return (
    <>
      <Radio.Group label={t('create.events')} value={mode} onChange={(v) => onMode(v === 'chosen' ? 'chosen' : 'all')} error={error}>
        <Stack gap={4} mt={4}>
          <Radio value="all" label={t('create.all')} />
          <Radio value="chosen" label={t('create.chosen')} />
        </Stack>
      </Radio.Group>
      {mode === 'chosen' && (
        <div className="ops-events">
          {EVENT_GROUPS.map((g) => (
            <Checkbox.Group
              key={g.entity}
              label={t('create.group', { entity: t(`entities.${g.entity}`) })}
              value={chosen.filter((e) => g.events.includes(e))}
              onChange={(v) => onChosen([...chosen.filter((e) => !g.events.includes(e)), ...v])}
            >
              <Stack gap={2} mt={4}>
                {g.events.map((e) => (
                  <Checkbox key={e} value={e} label={e} size="xs" />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        </div>
      )}
    </>
  )
}
