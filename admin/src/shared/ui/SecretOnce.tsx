import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import './opsMessages'
import './ops.css'

/**
 * A secret shown once (a new API key, a webhook signing secret), with a copy button. It lives only in the caller's
 * component state: never in the query cache, never in storage; closing drops it. It replaces the form that created it,
 * so it takes the keyboard focus (on the secret, selected for copying); the caller puts focus back on its form in onDone.
 */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('ops')
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => field.current?.focus(), [])
  return (
    <Alert variant="default" title={label}>
      <Stack gap="xs">
        <Text size="sm">{t('shownOnce')}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput ref={field} label={label} value={value} readOnly className="ops-grow" ff="monospace" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} onClick={copy} aria-label={t('copyLabel', { label })}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button variant="default" onClick={onDone}>
            {t('done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
