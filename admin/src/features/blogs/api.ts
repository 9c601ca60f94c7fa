import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { DEFAULT_PER_PAGE, type BlogListSearch } from './list/search'

/*
 * The blog list's queries and bulk mutation (the editor keeps its own queries elsewhere). Keys start with the site,
 * so switching sites never shows another site's posts and a bulk change can invalidate the whole list coarsely.
 */
export const blogListQueries = {
  /** One page of GET /sites/{site_id}/blogs: any status, newest created first (the endpoint's only order). */
  list: (siteId: string, search: BlogListSearch) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'list', { page: search.page ?? 1, per_page: search.per_page ?? DEFAULT_PER_PAGE, status: search.status ?? null }],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/blogs', {
            params: { path: { site_id: siteId }, query: { page: search.page ?? 1, per_page: search.per_page ?? DEFAULT_PER_PAGE, ...(search.status ? { status: search.status } : {}) } },
          })
        ).data!,
      placeholderData: (previous) => previous,
    }),
  /** Ranked full-text search over the site's blogs (GET /sites/{site_id}/search, types=blog), in the default locale. */
  search: (siteId: string, q: string, search: BlogListSearch) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'search', { q, page: search.page ?? 1, per_page: search.per_page ?? DEFAULT_PER_PAGE }],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/search', {
            params: { path: { site_id: siteId }, query: { q, types: 'blog', page: search.page ?? 1, per_page: search.per_page ?? DEFAULT_PER_PAGE } },
          })
        ).data!,
      placeholderData: (previous) => previous,
    }),
}

export type BulkAction = { kind: 'publish' } | { kind: 'unpublish' } | { kind: 'delete' }

const bodyOf = (action: BulkAction, ids: string[]): Schemas['BulkBody'] =>
  action.kind === 'delete' ? { action: 'Delete', ids } : { action: 'UpdateStatus', ids, status: action.kind === 'publish' ? 'Published' : 'Draft' }

/**
 * POST /sites/{site_id}/blogs/bulk. Pessimistic (admin.md): the screen shows progress, then the server's per-id
 * results; afterwards every list and search of the site is refetched, whatever succeeded.
 */
export function useBulkBlogs(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      (await api().POST('/api/v1/sites/{site_id}/blogs/bulk', { params: { path: { site_id: siteId } }, body: bodyOf(action, ids) })).data!,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'blogs'] }),
  })
}

/** Starts loading the list (or the search) the route will show, alongside its code (the route's loader; never throws). */
export function prefetchBlogList(queryClient: QueryClient, siteId: string, search: BlogListSearch): void {
  if (search.q) void queryClient.prefetchQuery(blogListQueries.search(siteId, search.q, search))
  else void queryClient.prefetchQuery(blogListQueries.list(siteId, search))
}
