import { Textarea } from '@mantine/core'
import { useEffect, useState } from 'react'
import { deepEqual } from '../../../shared/logic/equal'
import { useTranslation } from 'react-i18next'
import { parseSettings } from './settings'

/**
 * A section's settings as JSON text. Only a valid JSON object reaches the save queue: anything else stays in the field
 * with its error, and nothing invalid is ever sent (the queue keeps the last valid object).
 */
export function SettingsField({
  id,
  value,
  onChange,
  onValidity,
  label,
}: {
  id: string
  value: Record<string, unknown>
  onChange: (v: Record<string, unknown>) => void
  onValidity: (valid: boolean) => void
  label: string
}) {
  const { t } = useTranslation('pages', { keyPrefix: 'editor' })
  const [text, setText] = useState(() => JSON.stringify(value, null, 2))
  const [error, setError] = useState<string | undefined>(undefined)
  // A value set from elsewhere (a restored draft, a merged conflict) replaces valid text that says otherwise.
  useEffect(() => {
    const parsed = parseSettings(text)
    if (parsed.ok && !deepEqual(parsed.value, value)) setText(JSON.stringify(value, null, 2))
  }, [value])
  return (
    <Textarea
      id={id}
      label={label}
      description={t('settingsHint')}
      value={text}
      autosize
      minRows={2}
      spellCheck={false}
      className="json-field"
      error={error}
      onChange={(e) => {
        const next = e.currentTarget.value
        setText(next)
        const parsed = parseSettings(next)
        if (parsed.ok) {
          setError(undefined)
          onValidity(true)
          onChange(parsed.value)
        } else {
          setError(parsed.reason === 'notObject' ? t('notObject') : t('invalidJson', { reason: parsed.reason }))
          onValidity(false)
        }
      }}
    />
  )
}
