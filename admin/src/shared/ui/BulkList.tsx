import type { Schemas } from '@atrium-cms/client'
import { Alert } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BulkBar, type BulkAction } from './BulkBar'
import { BulkResults, type BulkOutcome } from './BulkResults'
import './ui.css'

/*
 * The bulk half of a content list (posts, pages): the rows chosen in the DataTable (its selection held here), the bulk
 * bar, a refused request, and the server's per-id results. What failed stays chosen, to be fixed and tried again.
 */

/** What the list needs of its bulk mutation (TanStack Query's useMutation result fits). */
interface BulkMutation {
  mutate: (v: { action: BulkAction; ids: string[] }, o: { onSuccess: (result: Schemas['BlogBulkResult'] | Schemas['PageBulkResult']) => void }) => void
  isPending: boolean
  isError: boolean
  error: Error | null
}

/**
 * The selection (row keys) and the last outcome. `listKey` names the list shown (page, filters): another one clears the
 * choice. `nameOf` names the chosen rows in the results, read when the action starts (the list refetches after it).
 */
export function useBulkSelection(mutation: BulkMutation, listKey: string, nameOf: (id: string) => string | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  useEffect(() => setSelected(new Set()), [listKey])
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null)
  const run = (action: BulkAction) => {
    const titles = new Map([...selected].map((id) => [id, nameOf(id) ?? id]))
    setOutcome(null)
    mutation.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (result) => {
          setOutcome({ action, result, titles })
          setSelected(new Set(result.results.filter((r) => !r.success).map((r) => r.id)))
        },
      },
    )
  }
  /** The DataTable's selection props (spread into its `selection`). */
  const table = { selected, onChange: setSelected }
  return { selected, setSelected, table, outcome, clearOutcome: () => setOutcome(null), run, mutation }
}

/** The bulk bar, a refused bulk request and the per-id results; `ns` is the feature's namespace (its `list.` strings name the records). */
export function BulkControls({ ns, bulk, bar = true }: { ns: string; bulk: ReturnType<typeof useBulkSelection>; bar?: boolean }) {
  const { t } = useTranslation('bulk')
  const { mutation } = bulk
  return (
    <>
      {bar && <BulkBar ns={ns} count={bulk.selected.size} busy={mutation.isPending} onAction={bulk.run} />}
      {mutation.isError && (
        <Alert variant="default" className="ui-alert ui-alert-error" role="alert" title={t('bulkFailed')}>
          {mutation.error?.message}
        </Alert>
      )}
      {bulk.outcome && <BulkResults outcome={bulk.outcome} onClose={bulk.clearOutcome} />}
    </>
  )
}
