import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { sharedQueries } from '../../shared/api/queries'
import { resource } from '../../shared/api/resource'
import { bulkBodyOf, type BulkAction } from '../../shared/ui/BulkBar'
import { DEFAULT_PER_PAGE, type BlogListSearch } from './list/search'
import { mergeHits } from './list/searchHits'

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
    // The chosen language also names the list's titles (the default locale's where a post lacks it).
    ...(search.locale ? { locale: search.locale } : {}),
  }
}

/** The plain list of the site's posts (shared/api/resource): keys ['site', siteId, 'blogs', …]. */
const blogsResource = resource({ key: 'blogs', list: '/api/v1/sites/{site_id}/blogs', item: '/api/v1/blogs/{id}' })

/** How many hits per locale the list's search reads (the endpoint's maximum page); the list pages through the merged hits. */
export const SEARCH_DEPTH = 100

export const blogListQueries = {
  /** One page of GET /sites/{site_id}/blogs: any status, filtered by status, author, tag and category, in the chosen order. */
  list: (siteId: string, search: BlogListSearch) => blogsResource.list(siteId, listQuery(search)),
  /** The site's locales (the search's languages, and the codes of each post's localizations). */
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
      staleTime: 60_000,
    }),
  /** The authors the site's posts name, for the author filter's suggestions (every post, 100 a request). */
  authors: (siteId: string) =>
    queryOptions({
      ...blogsResource.all(siteId),
      select: (rows: Schemas['BlogListItem'][]) =>
        [...new Set(rows.map((b) => b.author?.trim() ?? '').filter((a) => a !== ''))].sort((a, b) => a.localeCompare(b)),
      staleTime: 60_000,
    }),
  /** A post with its localizations and embedded cover: the columns of a search hit (list items carry their own). */
  detail: (siteId: string, id: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'detail', id],
      queryFn: async () => (await api().GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })).data!,
      staleTime: 30_000,
    }),
  /** Every tag of the site, for the tag filter: the taxonomy screen's cache entry (shared/api/queries), refreshed by its writes. */
  tags: (siteId: string) => queryOptions({ ...sharedQueries.allTags(siteId), staleTime: 60_000 }),
  /** Every live category of the site with its parent (one request: GET /sites/{site_id}/categories/blog-counts), for the category filter. */
  categories: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'categories', 'all'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: siteId } } })).data!,
      staleTime: 60_000,
    }),
  /**
   * Ranked full-text search over the site's blogs (GET /sites/{site_id}/search, types=blog), in each of the given
   * locales (the endpoint searches one language at a time), merged into one list by relevance (list/searchHits.ts).
   */
  search: (siteId: string, q: string, locales: readonly string[]) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'search', { q, locales }],
      queryFn: async () =>
        mergeHits(
          await Promise.all(
            locales.map(async (locale) => ({
              locale,
              hits: (
                await api().GET('/api/v1/sites/{site_id}/search', {
                  params: { path: { site_id: siteId }, query: { q, types: 'blog', locale, per_page: SEARCH_DEPTH } },
                })
              ).data!.data,
            })),
          ),
        ),
      placeholderData: (previous) => previous,
    }),
}

/**
 * POST /sites/{site_id}/blogs/bulk. Pessimistic (admin.md): the screen shows progress, then the server's per-id
 * results; afterwards every list and search of the site is refetched, whatever succeeded.
 */
export function useBulkBlogs(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      (await api().POST('/api/v1/sites/{site_id}/blogs/bulk', { params: { path: { site_id: siteId } }, body: bulkBodyOf(action, ids) })).data!,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'blogs'] }),
  })
}

/** Starts loading the list (or the search) the route will show, alongside its code (the route's loader; never throws). */
export function prefetchBlogList(queryClient: QueryClient, siteId: string, search: BlogListSearch): void {
  // A search waits for the site's locales (its languages); the plain list can start at once.
  if (!search.q) void queryClient.prefetchQuery(blogListQueries.list(siteId, search))
  void queryClient.prefetchQuery(blogListQueries.locales(siteId))
}
