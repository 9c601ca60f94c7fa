import type { Schemas } from '@atrium-cms/client'
import { Alert, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BulkAction } from '../api'

export interface BulkOutcome {
  action: BulkAction
  result: Schemas['BlogBulkResult']
  /** id → title at the time of the action. */
  titles: Map<string, string>
}

/** The server's per-id answer to a bulk action: which posts succeeded, which failed and the API's reason. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { t } = useTranslation('blogs')
  const { result, titles, action } = outcome
  const tone = result.failed === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'partial'
  return (
    <Alert
      variant="default"
      className={`blog-list-alert blog-list-alert-${tone}`}
      role="status"
      title={t('list.bulkSummary', { action: t(`list.actions.${action.kind}`), succeeded: result.succeeded, failed: result.failed })}
      withCloseButton
      closeButtonLabel={t('list.dismiss')}
      onClose={onClose}
    >
      <ul className="blog-list-results">
        {result.results.map((r) => (
          <li key={r.id}>
            <Text size="sm" span fw={500}>
              {titles.get(r.id) ?? r.id}
            </Text>
            {': '}
            <Text size="sm" span>
              {r.success ? t('list.succeeded') : t('list.failed', { error: r.error ?? '' })}
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  )
}
