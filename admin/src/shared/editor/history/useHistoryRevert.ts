import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { HistoryChange } from '../../logic/historyDiff'
import type { SaveQueue } from '../../logic/saveQueue'
import { revertChanges } from './api'
import { planRevert, withRestored, type Restorable } from './revertPlan'

/** One record whose history the drawer shows (the editor may add what it needs to find the record's queue). */
export interface HistoryEntity {
  type: string
  id: string
}

/** How an editor takes a revert: what it can restore itself, through which queue, and how it reads the result back. */
export interface RevertAdapter<E extends HistoryEntity> {
  /** Fields of entity types the endpoint does not revert that the editor puts back through a save queue. */
  restorable: Restorable
  /** Saves everything unsaved (a revert never overwrites edits that were not saved). */
  saveAll: () => Promise<readonly { status: string }[]>
  /** The queue holding the record's form, when the editor has one. */
  queueOf: (entity: E) => RestoreTarget | undefined
  /** After the revert: the record the endpoint changed into the editor, values and new ETag (the next save must not 412). */
  reload: (endpointReverted: boolean) => Promise<void>
}

/** A record's queue and which of its fields are text (a null there is the form's ''). */
export interface RestoreTarget {
  queue: SaveQueue<object>
  textFields: readonly string[]
}

/** The queue of a record as a restore target (the queue's values type erased: withRestored keeps its shape). */
export const restoreTarget = <V extends object>(queue: SaveQueue<V>, textFields: readonly Extract<keyof V, string>[]): RestoreTarget => ({
  queue,
  textFields,
})

/**
 * Reverts chosen changes: everything unsaved is saved first; changes of a revertible entity go through
 * POST /audit/history/revert and the editor then reads that record again (adapter.reload); the fields of other
 * records (localizations, a page's sections) are put back through their own queue (a PUT with If-Match, the form
 * shows them).
 */
export function useHistoryRevert<E extends HistoryEntity>(siteId: string, entities: readonly E[], adapter: RevertAdapter<E>) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const [done, setDone] = useState<string[] | undefined>(undefined)
  const [blocked, setBlocked] = useState(false)

  async function revert(chosen: readonly HistoryChange[]): Promise<boolean> {
    setBusy(true)
    setError(undefined)
    setDone(undefined)
    setBlocked(false)
    try {
      const after = await adapter.saveAll()
      if (after.some((s) => s.status === 'conflict' || s.status === 'error')) {
        setBlocked(true)
        return false
      }
      const plan = planRevert(chosen, adapter.restorable)
      const fields: string[] = []
      for (const e of plan.endpoint) fields.push(...(await revertChanges(e.changeIds)).fields_reverted)
      for (const r of plan.restore) {
        const entity = entities.find((e) => e.type === r.entityType && e.id === r.entityId)
        const target = entity && adapter.queueOf(entity)
        if (!target) continue
        target.queue.edit(withRestored(target.queue.getState().values, r.values, target.textFields))
        const s = await target.queue.flush()
        if (s.status === 'conflict' || s.status === 'error') {
          setBlocked(true)
          return false
        }
        fields.push(...Object.keys(r.values).map((f) => f.split('.')[0]!))
      }
      await adapter.reload(plan.endpoint.length > 0)
      await queryClient.invalidateQueries({ queryKey: ['site', siteId, 'history'] })
      setDone([...new Set(fields)])
      return true
    } catch (e) {
      setError(e)
      return false
    } finally {
      setBusy(false)
    }
  }
  return { revert, busy, error, done, blocked }
}
