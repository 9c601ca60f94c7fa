import { Alert, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../logic/errors'
import { registerMessages } from '../i18n/register'

/*
 * A failed call as an alert (admin.md "Forms and errors"): a message chosen by the problem's `code`, the problem's
 * title as the heading, and the request id under "details" to quote. Its strings ride with the route chunks that use
 * it (namespace `problem`), never in the entry.
 */
const en = {
  details: 'Details',
  requestId: 'Request id: {{id}}',
  errors: {
    validation: 'Some fields need attention.',
    conflict: 'That conflicts with the current state.',
    editConflict: 'Someone else saved this meanwhile. Reload to see their version.',
    invalidState: 'That is not possible in the current state.',
    rateLimited: 'Too many requests; try again shortly.',
    rateLimited_wait: 'Too many requests; try again in {{retryAfterSeconds}} s.',
    forbidden: 'Your role does not allow this.',
    notFound: 'It no longer exists, or is outside your sites.',
    unauthenticated: 'Your session ended. Sign in again.',
    payloadTooLarge: 'Too large.',
    unsupportedMediaType: 'Unsupported file type.',
    aiUnavailable: 'AI is not available for this site.',
    providerError: 'The AI provider failed.',
    unavailable: 'Atrium is unavailable right now.',
    network: 'No connection.',
    unknown: 'Something went wrong.',
  },
}
const de: typeof en = {
  details: 'Details',
  requestId: 'Anfrage-ID: {{id}}',
  errors: {
    validation: 'Einige Felder brauchen Aufmerksamkeit.',
    conflict: 'Das widerspricht dem aktuellen Stand.',
    editConflict: 'Jemand anderes hat inzwischen gespeichert. Laden Sie neu, um die andere Fassung zu sehen.',
    invalidState: 'Das ist im aktuellen Zustand nicht möglich.',
    rateLimited: 'Zu viele Anfragen; bitte gleich noch einmal versuchen.',
    rateLimited_wait: 'Zu viele Anfragen; bitte in {{retryAfterSeconds}} s noch einmal versuchen.',
    forbidden: 'Ihre Rolle erlaubt das nicht.',
    notFound: 'Das gibt es nicht mehr, oder es liegt außerhalb Ihrer Sites.',
    unauthenticated: 'Ihre Sitzung ist abgelaufen. Bitte neu anmelden.',
    payloadTooLarge: 'Zu groß.',
    unsupportedMediaType: 'Nicht unterstützter Dateityp.',
    aiUnavailable: 'KI ist für diese Site nicht verfügbar.',
    providerError: 'Der KI-Anbieter hat einen Fehler gemeldet.',
    unavailable: 'Atrium ist gerade nicht erreichbar.',
    network: 'Keine Verbindung.',
    unknown: 'Etwas ist schiefgegangen.',
  },
}
registerMessages('problem', en, de)

/** The alert for a failed call; `title` overrides the problem's own heading, `children` adds actions (retry). */
export function ProblemAlert({ error, title, children }: { error: unknown; title?: string; children?: ReactNode }) {
  const { t } = useTranslation('problem')
  const fe = toFormError(error)
  const key = fe.formMessageKey === 'errors.rateLimited' && fe.formMessageParams.retryAfterSeconds !== undefined ? 'errors.rateLimited_wait' : fe.formMessageKey
  return (
    <Alert color="red" variant="light" role="alert" title={title ?? fe.title ?? t(key, fe.formMessageParams)}>
      <Text size="sm">{title || fe.title ? t(key, fe.formMessageParams) : null}</Text>
      {error instanceof Error && 'detail' in error && typeof error.detail === 'string' && error.detail !== '' && (
        <Text size="sm" mt={4}>
          {error.detail}
        </Text>
      )}
      {fe.requestId && (
        <details>
          <summary>{t('details')}</summary>
          <Text size="xs">{t('requestId', { id: fe.requestId })}</Text>
        </details>
      )}
      {children}
    </Alert>
  )
}
