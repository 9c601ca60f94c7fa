import { queryOptions } from '@tanstack/react-query'
import { api } from './client'

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
  settings: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'settings'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/settings', { params: { path: { site_id: siteId } } })).data!,
    }),
  /** The site's content locales (default first is not guaranteed: look at is_default). */
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
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
