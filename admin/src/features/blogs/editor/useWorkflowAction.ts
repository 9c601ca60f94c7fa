import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { deepEqual } from '../../../shared/logic/equal'
import type { SaveQueue } from '../../../shared/logic/saveQueue'
import { blogValuesOf, getBlog, reviewBlog, updateBlog, type BlogStatus, type BlogValues } from './api'
import type { WorkflowAction } from './roles'

const TARGET: Record<'submit' | 'publish' | 'unpublish', BlogStatus> = { submit: 'InReview', publish: 'Published', unpublish: 'Draft' }

/**
 * Runs a workflow action: saves everything first (a draft is never published with unsaved edits hidden), then acts
 * on the blog with If-Match. The blog's tag moves when a body save changes reading_time_minutes, so the action takes
 * the current version's tag, unless a field the form shows changed elsewhere (then the next save shows the conflict).
 */
export function useWorkflowAction(blogId: string, siteId: string, initial: BlogStatus, blogQueue: SaveQueue<BlogValues>, saveAll: () => Promise<{ status: string }[]>) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<BlogStatus>(initial)
  const [error, setError] = useState<unknown>(undefined)
  const [done, setDone] = useState<WorkflowAction | 'changedElsewhere' | undefined>(undefined)

  async function run(action: WorkflowAction, comment: string): Promise<void> {
    setError(undefined)
    setDone(undefined)
    const after = await saveAll()
    if (after.some((s) => s.status === 'conflict' || s.status === 'error')) return
    try {
      const fresh = await getBlog(blogId)
      if (!deepEqual(blogValuesOf(fresh.data), blogQueue.getState().savedValues)) {
        // Someone changed the slug, author or featured meanwhile. Everything of mine is saved (saveAll above), so
        // showing theirs overwrites nothing; the action waits until the user has seen it.
        if (!blogQueue.getState().isDirty) blogQueue.reset({ values: blogValuesOf(fresh.data), etag: fresh.etag })
        setStatus(fresh.data.status)
        setDone('changedElsewhere')
        return
      }
      const r =
        action === 'approve' || action === 'requestChanges'
          ? await reviewBlog(blogId, action === 'approve' ? 'Approve' : 'RequestChanges', comment, fresh.etag)
          : await updateBlog(blogId, { status: TARGET[action] }, fresh.etag)
      const s = blogQueue.getState()
      // Keep anything typed meanwhile: reset to the answer, then re-apply the form's values.
      blogQueue.reset({ values: blogValuesOf(r.data), etag: r.etag })
      if (!deepEqual(s.values, blogValuesOf(r.data))) blogQueue.edit(s.values)
      setStatus(r.data.status)
      setDone(action)
      void queryClient.invalidateQueries({ queryKey: ['site', siteId, 'blogs'], refetchType: 'none' })
    } catch (e) {
      setError(e)
    }
  }
  return { status, error, done, run, clearError: () => setError(undefined) }
}
