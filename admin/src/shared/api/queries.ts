import type { Schemas } from '@atrium-cms/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from './client'
import { listAll } from './listAll'
import { resource, singleton } from './resource'

/** The site's settings: one record per site, GET and PUT with If-Match (the settings screen saves them). */
export const siteSettings = singleton({ key: ['settings'], path: '/api/v1/sites/{site_id}/settings' })

/**
 * The site's documents (shared/api/resource): the documents feature lists and edits them, the post editor attaches
 * them. A refused write refreshes nothing: the document's screen keeps the ETag it loaded and keeps meeting the conflict.
 */
export const documentResource = resource({
  key: 'documents',
  list: '/api/v1/sites/{site_id}/documents',
  item: '/api/v1/documents/{id}',
  create: '/api/v1/sites/{site_id}/documents',
  refreshOnSuccessOnly: true,
})

/**
 * The site's tags and categories (shared/api/resource), both in the taxonomy group: the taxonomy feature edits them,
 * the post editor assigns them. Any taxonomy write refreshes the whole group, the editor's lists included.
 */
export const tagResource = resource({
  key: 'tags',
  within: 'taxonomy',
  list: '/api/v1/sites/{site_id}/tags',
  item: '/api/v1/tags/{id}',
  create: '/api/v1/tags',
  createSite: 'site_id',
})
export const categoryResource = resource({
  key: 'categories',
  within: 'taxonomy',
  list: '/api/v1/sites/{site_id}/categories',
  item: '/api/v1/categories/{id}',
  create: '/api/v1/categories',
  createSite: 'site_id',
})

/** The API lists a category's children one parent at a time; deeper than this is taken as a cycle, not a level. */
const MAX_CATEGORY_DEPTH = 20

/** Every live category of the site: the roots (paged), then each level's children. */
async function allCategories(siteId: string): Promise<Schemas['Category'][]> {
  const out = await listAll<Schemas['Category']>((page) =>
    api().GET('/api/v1/sites/{site_id}/categories', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } }),
  )
  let level = out
  for (let depth = 0; level.length > 0 && depth < MAX_CATEGORY_DEPTH; depth++) {
    const next = await Promise.all(
      level.map(async (c) => (await api().GET('/api/v1/categories/{parent_id}/children', { params: { path: { parent_id: c.id } } })).data!),
    )
    level = next.flat()
    out.push(...level)
  }
  return out
}

/** Queries the shell and several features share. Site-scoped keys start with ['site', siteId]: switching sites never shows stale data. */
export const sharedQueries = {
  me: () => queryOptions({ queryKey: ['me'], queryFn: async () => (await api().GET('/api/v1/auth/me')).data!, staleTime: 5 * 60_000 }),
  config: () => queryOptions({ queryKey: ['config'], queryFn: async () => (await api().GET('/api/v1/config')).data!, staleTime: Infinity }),
  sites: () => queryOptions({ queryKey: ['sites'], queryFn: async () => (await api().GET('/api/v1/sites')).data! }),
  site: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'detail'],
      queryFn: async () => (await api().GET('/api/v1/sites/{id}', { params: { path: { id: siteId } } })).data!,
    }),
  /** The settings record alone (its ETag is the settings screen's: `siteSettings`). */
  settings: (siteId: string) => queryOptions({ ...siteSettings.query(siteId), select: (got) => got.data }),
  /** The site's content locales (default first is not guaranteed: look at is_default). */
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
  /**
   * The site's whole category tree, one cache entry for the taxonomy screen and the post editor's picker: under the
   * category resource's key, so a taxonomy write (create, edit, delete, merge) refreshes the editor's tree too.
   */
  categoryTree: (siteId: string) => queryOptions({ queryKey: [...categoryResource.key(siteId), 'tree'], queryFn: () => allCategories(siteId) }),
  /**
   * Every tag of the site, one cache entry for the taxonomy screen, the post editor's picker and the post list's filter:
   * under the tag resource's key, so a taxonomy write (create, edit, delete, merge) refreshes them all.
   */
  allTags: (siteId: string) => tagResource.all(siteId),
  unreadCount: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'notifications', 'unread'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/notifications/unread-count', { params: { path: { site_id: siteId } } })).data!,
      refetchInterval: 60_000,
    }),
  notifications: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'notifications', 'list'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/notifications', { params: { path: { site_id: siteId }, query: { per_page: 10 } } })).data!,
    }),
}
