import type { Schemas } from '@atrium-cms/client'
import { Alert, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BulkAction } from './BulkBar'
import './ui.css'
import './bulkMessages'

export interface BulkOutcome {
  action: BulkAction
  result: Schemas['BlogBulkResult'] | Schemas['PageBulkResult']
  /** id → name at the time of the action. */
  titles: Map<string, string>
}

/** The server's per-id answer to a bulk action: which records succeeded, which failed and the API's reason. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { t } = useTranslation('bulk')
  const { result, titles, action } = outcome
  const tone = result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'
  return (
    <Alert
      variant="default"
      className={`ui-alert ui-alert-${tone}`}
      role="status"
      title={t('bulkSummary', { action: t(`actions.${action.kind}`), succeeded: result.succeeded, failed: result.failed })}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onClose}
    >
      <ul className="ui-alert-list">
        {result.results.map((r) => (
          <li key={r.id}>
            <Text size="sm" span fw={500}>
              {titles.get(r.id) ?? r.id}
            </Text>
            {': '}
            <Text size="sm" span>
              {r.success ? t('succeeded') : t('failed', { error: r.error ?? '' })}
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  )
}
