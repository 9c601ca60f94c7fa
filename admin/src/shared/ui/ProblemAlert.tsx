import { Alert, List, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { registerMessages } from '../i18n/register'
import { toFormError, type FormError } from '../logic/errors'
import { problemMessages } from './problemMessages'

registerMessages('problems', problemMessages.en, problemMessages.de)

/** Field path → message of a failed call, for the form's fields (empty when there is no error). */
export function fieldErrorsOf(error: unknown, fieldOrder?: readonly string[]): Record<string, string> {
  return error === null || error === undefined ? {} : toFormError(error, { fieldOrder }).fieldErrors
}

/**
 * A failed call as the brief wants it shown: the problem's title as the heading, the message chosen by its code,
 * the field errors the form cannot place, and the request id under "details". Field errors the form has go on
 * its fields (fieldErrorsOf).
 */
export function ProblemAlert({ error, fieldOrder }: { error: unknown; fieldOrder?: readonly string[] }) {
  const { t } = useTranslation('problems')
  if (error === null || error === undefined) return null
  const fe: FormError = toFormError(error, { fieldOrder })
  return (
    <Alert color="red" role="alert" title={fe.title ?? t(fe.formMessageKey, fe.formMessageParams)}>
      {fe.title !== undefined && <Text size="sm">{t(fe.formMessageKey, fe.formMessageParams)}</Text>}
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
    </Alert>
  )
}
