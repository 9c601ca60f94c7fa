import { Alert, Button, List, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { registerMessages } from '../i18n/register'
import type { Need } from '../logic/access'
import { toFormError, type FormError } from '../logic/errors'
import { problemMessages } from './problemMessages'
import './opsMessages'

// Its strings ride with the route chunks that use it (namespace `problems`), never in the entry.
registerMessages('problems', problemMessages.en, problemMessages.de)

/** Field path → message of a failed call, for the form's fields (empty when there is no error). */
export function fieldErrorsOf(error: unknown, fieldOrder?: readonly string[]): Record<string, string> {
  return error === null || error === undefined ? {} : toFormError(error, { fieldOrder }).fieldErrors
}

interface Props {
  error: unknown
  /** The form's fields: errors on them go on the fields (fieldErrorsOf), the others are listed here. */
  fieldOrder?: readonly string[]
  /** Overrides the problem's own title as the heading. */
  title?: string
  /** Same as fieldOrder (the fields a form places errors on). */
  placed?: readonly string[]
  /** Offers "Retry" (a load that failed). */
  onRetry?: () => void
  /** On a 403: the role the action needs, said under the message. */
  need?: Need
  /** Actions beside the message (retry). */
  children?: ReactNode
}

/**
 * A failed call as the brief wants it shown (admin.md "Forms and errors"): the problem's title as the heading, a
 * message chosen by its code (the wait for RATE_LIMITED), its detail, the field errors the form cannot place, and the
 * request id under "details". Nothing when there is no error.
 */
export function ProblemAlert({ error, fieldOrder, placed, onRetry, title, need, children }: Props) {
  const { t } = useTranslation('problems')
  if (error === null || error === undefined) return null
  const fe: FormError = toFormError(error, { fieldOrder: fieldOrder ?? placed })
  const key = fe.formMessageKey === 'errors.rateLimited' && fe.formMessageParams.retryAfterSeconds !== undefined ? 'errors.rateLimited_wait' : fe.formMessageKey
  const heading = title ?? fe.title
  return (
    <Alert color="red" variant="light" role="alert" title={heading ?? t(key, fe.formMessageParams)}>
      {heading !== undefined && <Text size="sm">{t(key, fe.formMessageParams)}</Text>}
      {error instanceof Error && 'detail' in error && typeof error.detail === 'string' && error.detail !== '' && (
        <Text size="sm" mt={4}>
          {error.detail}
        </Text>
      )}
      {fe.status === 403 && need && <NeedNote need={need} />}
      {fe.unplacedErrors.length > 0 && (
        <List size="sm" mt={4}>
          {fe.unplacedErrors.map((e, i) => (
            <List.Item key={i}>{e.field ? `${e.field}: ${e.message}` : e.message}</List.Item>
          ))}
        </List>
      )}
      {fe.requestId && (
        <details>
          <summary>{t('details')}</summary>
          <Text size="xs">{t('requestId', { id: fe.requestId })}</Text>
        </details>
      )}
      {onRetry && (
        <Button size="xs" variant="light" mt="xs" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
      {children}
    </Alert>
  )
}

/** Why an action is not offered, or was refused: the role it needs. */
export function NeedNote({ need }: { need: Need }) {
  const { t } = useTranslation('ops')
  return (
    <Text size="sm" c="dimmed">
      {t(`needs.${need}`)}
    </Text>
  )
}
