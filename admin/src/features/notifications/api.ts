import type { Schemas } from '@atrium-cms/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { sharedQueries } from '../../shared/api/queries'
import { siteGet } from '../../shared/api/resource'

export const PER_PAGE = 20
type Page = Schemas['NotificationPage']

/** One page of the caller's notifications on a site (newest first). The key sits under the bell's, so marking read refreshes both. */
const pages = siteGet(['notifications', 'page'], '/api/v1/sites/{site_id}/notifications')

export const notificationQueries = {
  page: (siteId: string, page: number) => pages(siteId, { page, per_page: PER_PAGE }),
}

const markInPage = (page: Page | undefined, id: string | null): Page | undefined =>
  page && { ...page, data: page.data.map((n) => (id === null || n.id === id ? { ...n, is_read: true } : n)) }

/**
 * Mark one (id) or all (null) as read: optimistic (admin.md: near-certain and harmless), the cached pages and the
 * unread count change at once, roll back on an error, and are refetched either way.
 */
export function useMarkRead(siteId: string) {
  const queryClient = useQueryClient()
  const prefix = ['site', siteId, 'notifications']
  const unreadKey = sharedQueries.unreadCount(siteId).queryKey
  return useMutation({
    mutationFn: async (id: string | null) => {
      if (id === null) return (await api().PUT('/api/v1/sites/{site_id}/notifications/read-all', { params: { path: { site_id: siteId } } })).data!
      await api().PUT('/api/v1/notifications/{id}/read', { params: { path: { id } } })
      return { updated: 1 }
    },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: prefix })
      const before = queryClient.getQueriesData<unknown>({ queryKey: prefix })
      queryClient.setQueriesData<Page>({ queryKey: [...prefix, 'page'] }, (p) => markInPage(p, id))
      queryClient.setQueriesData<Page>({ queryKey: [...prefix, 'list'] }, (p) => markInPage(p, id))
      queryClient.setQueryData(unreadKey, (c) => (c ? { unread_count: id === null ? 0 : Math.max(0, c.unread_count - 1) } : c))
      return { before }
    },
    onError: (_e, _id, ctx) => {
      for (const [key, data] of ctx?.before ?? []) queryClient.setQueryData(key, data)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: prefix }),
  })
}
