import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../logic/errors'
import './problemMessages'
import './ui.css'

/**
 * A failed call as the blog editor shows it (admin.md "Forms and errors"): the problem's title as the heading, the
 * message chosen by its `code`, field errors the form could not place, and the request id under "Details" to quote.
 * `placed` lists the fields the form shows errors on itself.
 */
export function ProblemAlert({ error, placed = [], onRetry, children }: { error: unknown; placed?: readonly string[]; onRetry?: () => void; children?: React.ReactNode }) {
  const { t } = useTranslation('problem')
  const fe = toFormError(error, { fieldOrder: placed.length > 0 ? placed : undefined })
  return (
    <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={fe.title ?? t(fe.formMessageKey, fe.formMessageParams)}>
      <Stack gap={4} align="flex-start">
        {fe.title !== undefined && <Text size="sm">{t(fe.formMessageKey, fe.formMessageParams)}</Text>}
        {fe.unplacedErrors.length > 0 && (
          <ul className="ui-alert-list">
            {fe.unplacedErrors.map((u) => (
              <li key={`${u.field}:${u.message}`}>{u.field !== '' ? `${u.field}: ${u.message}` : u.message}</li>
            ))}
          </ul>
        )}
        {children}
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        {fe.requestId && (
          <details>
            <summary>{t('details')}</summary>
            <Text size="xs">{t('requestId', { id: fe.requestId })}</Text>
          </details>
        )}
      </Stack>
    </Alert>
  )
}
