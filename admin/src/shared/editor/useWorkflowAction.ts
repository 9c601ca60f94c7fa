import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { deepEqual } from '../logic/equal'
import type { SaveQueue } from '../logic/saveQueue'
import type { ContentStatus, WorkflowAction } from './roles'

const TARGET: Record<'submit' | 'publish' | 'unpublish', ContentStatus> = { submit: 'InReview', publish: 'Published', unpublish: 'Draft' }

export interface Versioned<T> {
  data: T
  etag: string | undefined
}

/** How one content type (blog, page) is read, moved between statuses and reviewed; its record's form values. */
export interface WorkflowAdapter<R extends { status: ContentStatus }, V> {
  get: () => Promise<Versioned<R>>
  setStatus: (status: ContentStatus, etag: string | undefined) => Promise<Versioned<R>>
  review: (action: 'Approve' | 'RequestChanges', comment: string, etag: string | undefined) => Promise<Versioned<R>>
  valuesOf: (record: R) => V
  /** The list queries to mark stale after a change of status. */
  listKey: readonly unknown[]
}

/**
 * Runs a workflow action: saves everything first (a draft is never published with unsaved edits hidden), then acts
 * on the record with If-Match. The record's tag may move through saves of its other parts (a blog's body changes
 * reading_time_minutes), so the action takes the current version's tag, unless a field the form shows changed
 * elsewhere (then the form shows theirs and the action waits for the user).
 */
export function useWorkflowAction<R extends { status: ContentStatus }, V>(
  adapter: WorkflowAdapter<R, V>,
  initial: ContentStatus,
  queue: SaveQueue<V>,
  saveAll: () => Promise<{ status: string }[]>,
) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<ContentStatus>(initial)
  const [error, setError] = useState<unknown>(undefined)
  const [done, setDone] = useState<WorkflowAction | 'changedElsewhere' | undefined>(undefined)

  async function run(action: WorkflowAction, comment: string): Promise<void> {
    setError(undefined)
    setDone(undefined)
    const after = await saveAll()
    if (after.some((s) => s.status === 'conflict' || s.status === 'error')) return
    try {
      const fresh = await adapter.get()
      if (!deepEqual(adapter.valuesOf(fresh.data), queue.getState().savedValues)) {
        // Someone changed the record's fields meanwhile. Everything of mine is saved (saveAll above), so showing
        // theirs overwrites nothing; the action waits until the user has seen it.
        if (!queue.getState().isDirty) queue.reset({ values: adapter.valuesOf(fresh.data), etag: fresh.etag })
        setStatus(fresh.data.status)
        setDone('changedElsewhere')
        return
      }
      const r =
        action === 'approve' || action === 'requestChanges'
          ? await adapter.review(action === 'approve' ? 'Approve' : 'RequestChanges', comment, fresh.etag)
          : await adapter.setStatus(TARGET[action], fresh.etag)
      const s = queue.getState()
      // Keep anything typed meanwhile: reset to the answer, then re-apply the form's values.
      queue.reset({ values: adapter.valuesOf(r.data), etag: r.etag })
      if (!deepEqual(s.values, adapter.valuesOf(r.data))) queue.edit(s.values)
      setStatus(r.data.status)
      setDone(action)
      void queryClient.invalidateQueries({ queryKey: adapter.listKey, refetchType: 'none' })
    } catch (e) {
      setError(e)
    }
  }
  return { status, error, done, run, clearError: () => setError(undefined) }
}
