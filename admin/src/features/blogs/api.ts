import { allPages, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { DEFAULT_PER_PAGE, type BlogListSearch } from './list/search'

/*
 * The blog list's queries and bulk mutation (the editor keeps its own queries elsewhere). Keys start with the site,
 * so switching sites never shows another site's posts and a bulk change can invalidate the whole list coarsely.
 */
/** The list endpoint's query for the URL's search params (defaults left out). */
export function listQuery(search: BlogListSearch) {
  return {
    page: search.page ?? 1,
    per_page: search.per_page ?? DEFAULT_PER_PAGE,
    ...(search.status ? { status: search.status } : {}),
    ...(search.author ? { author: search.author } : {}),
    ...(search.tag ? { tag: search.tag } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
  }
}

export const blogListQueries = {
  /** One page of GET /sites/{site_id}/blogs: any status, filtered by status, author, tag and category, in the chosen order. */
  list: (siteId: string, search: BlogListSearch) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'list', listQuery(search)],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: siteId }, query: listQuery(search) } })).data!,
      placeholderData: (previous) => previous,
    }),
  /** Every tag of the site (all pages of GET /sites/{site_id}/tags), for the tag filter. */
  tags: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'tags', 'all'],
      queryFn: async () => {
        const out: Schemas['Tag'][] = []
        for await (const tag of allPages((page) =>
          api().GET('/api/v1/sites/{site_id}/tags', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } }),
        ))
          out.push(tag)
        return out
      },
      staleTime: 60_000,
    }),
  /** Every live category of the site with its parent (one request: GET /sites/{site_id}/categories/blog-counts), for the category filter. */
  categories: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'categories', 'all'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: siteId } } })).data!,
      staleTime: 60_000,
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
