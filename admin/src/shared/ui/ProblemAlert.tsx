import { Alert, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Need } from '../logic/access'
import { toFormError, type FormError } from '../logic/errors'
import './opsMessages'

/**
 * A failed call as an alert: the problem's title, the message chosen by its `code`, unplaced field errors, what
 * role is needed on a 403, and the request id under "details" to quote.
 */
export function ProblemAlert({ error, need, fieldOrder }: { error: unknown; need?: Need; fieldOrder?: readonly string[] }) {
  const { t } = useTranslation('ops')
  if (error === null || error === undefined) return null
  const fe: FormError = toFormError(error, fieldOrder ? { fieldOrder } : {})
  const placed = fieldOrder !== undefined && Object.keys(fe.fieldErrors).length > 0
  return (
    <Alert color="red" variant="light" role="alert" title={fe.title ?? t(fe.formMessageKey, fe.formMessageParams)}>
      {fe.title !== undefined && <Text size="sm">{t(fe.formMessageKey, fe.formMessageParams)}</Text>}
      {fe.status === 403 && need && <Text size="sm">{t(`needs.${need}`)}</Text>}
      {!placed &&
        Object.entries(fe.fieldErrors).map(([field, message]) => (
          <Text size="sm" key={field}>
            {field}: {message}
          </Text>
        ))}
      {fe.unplacedErrors.map((e) => (
        <Text size="sm" key={`${e.field}:${e.message}`}>
          {e.field ? `${e.field}: ` : ''}
          {e.message}
        </Text>
      ))}
      {fe.requestId && (
        <details>
          <summary>{t('details')}</summary>
          <Text size="xs">{t('requestId', { id: fe.requestId })}</Text>
        </details>
      )}
    </Alert>
  )
}

/** Why an action is not offered: the role it needs. */
export function NeedNote({ need }: { need: Need }) {
  const { t } = useTranslation('ops')
  return (
    <Text size="sm" c="dimmed">
      {t(`needs.${need}`)}
    </Text>
  )
}
