import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { HistoryChange } from '../../../../shared/logic/historyDiff'
import { blogValuesOf, editorQueries, type LocValues } from '../api'
import type { BlogQueues } from '../useBlogQueues'
import { fetchDetail, revertChanges } from './api'
import { planRevert } from './revertPlan'

/** The localized fields the editor can put back through a locale's save queue. */
export const RESTORABLE: Record<string, readonly (keyof LocValues)[]> = {
  blog_localization: ['title', 'subtitle', 'excerpt', 'body', 'meta_title', 'meta_description', 'translation_status'],
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v))

/**
 * Reverts chosen changes: everything unsaved is saved first; blog changes go through POST /audit/history/revert,
 * then the post is read again and the blog queue takes its values AND its new ETag (the next save must not 412);
 * localized fields are put back through their locale's queue (a PUT with If-Match, the form shows them).
 */
export function useHistoryRevert(siteId: string, blogId: string, queues: BlogQueues, saveAll: () => Promise<{ status: string }[]>) {
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
      const after = await saveAll()
      if (after.some((s) => s.status === 'conflict' || s.status === 'error')) {
        setBlocked(true)
        return false
      }
      const plan = planRevert(chosen, RESTORABLE)
      const fields: string[] = []
      for (const e of plan.endpoint) fields.push(...(await revertChanges(e.changeIds)).fields_reverted)
      const fresh0 = await fetchDetail(blogId)
      for (const r of plan.restore) {
        const loc = fresh0.data.localizations.find((l) => l.id === r.entityId)
        const q = loc && queues.locs.get(loc.locale_id)
        if (!q) continue
        const values = { ...q.getState().values }
        for (const [k, v] of Object.entries(r.values)) if (k in values) values[k as keyof LocValues] = asText(v)
        q.edit(values)
        const s = await q.flush()
        if (s.status === 'conflict' || s.status === 'error') {
          setBlocked(true)
          return false
        }
        fields.push(...Object.keys(r.values))
      }
      // A localization's save moves the blog's tag too (updated_at, reading time): take the post's tag as it is now.
      const fresh = plan.restore.length > 0 ? await fetchDetail(blogId) : fresh0
      if (plan.endpoint.length > 0 || !queues.blog.getState().isDirty) queues.blog.reset({ values: blogValuesOf(fresh.data), etag: fresh.etag })
      queryClient.setQueryData(editorQueries.detail(siteId, blogId).queryKey, fresh)
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
