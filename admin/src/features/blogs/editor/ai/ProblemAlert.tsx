import { Alert, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../../../shared/logic/errors'

/** An API error as the admin shows every one: the problem's title, the message for its code, the request id under "details". */
export function ProblemAlert({ error, fallbackTitle, onClose }: { error: unknown; fallbackTitle: string; onClose?: () => void }) {
  const { t } = useTranslation('blogs', { keyPrefix: 'editor' })
  const { t: tc } = useTranslation('common')
  const fe = toFormError(error)
  return (
    <Alert color="red" role="alert" title={fe.title ?? fallbackTitle} withCloseButton={onClose !== undefined} onClose={onClose}>
      {t(fe.formMessageKey, fe.formMessageParams)}
      {fe.requestId && (
        <details>
          <summary>{tc('details')}</summary>
          <Text size="xs">{tc('requestId', { id: fe.requestId })}</Text>
        </details>
      )}
    </Alert>
  )
}
