import { queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'

export const STATUSES = ['Draft', 'InReview', 'Scheduled', 'Published'] as const
export type Status = (typeof STATUSES)[number]

const blogs = (siteId: string, status: Status, perPage: number) =>
  api()
    .GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: siteId }, query: { status, per_page: perPage } } })
    .then((r) => r.data!)

/** The dashboard's queries; every key starts with the site. */
export const dashboardQueries = {
  /** Four small pages (per_page 1) and their totals: counts without loading posts. */
  counts: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'dashboard', 'counts'],
      queryFn: async () => {
        const totals = await Promise.all(STATUSES.map((s) => blogs(siteId, s, 1).then((p) => [s, p.meta.total] as const)))
        return Object.fromEntries(totals) as Record<Status, number>
      },
    }),
  inReview: (siteId: string) => queryOptions({ queryKey: ['site', siteId, 'dashboard', 'in-review'], queryFn: () => blogs(siteId, 'InReview', 5) }),
  scheduled: (siteId: string) => queryOptions({ queryKey: ['site', siteId, 'dashboard', 'scheduled'], queryFn: () => blogs(siteId, 'Scheduled', 5) }),
  activity: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'dashboard', 'activity'],
      queryFn: async () =>
        (await api().GET('/api/v1/sites/{site_id}/audit', { params: { path: { site_id: siteId }, query: { per_page: 10 } } })).data!,
    }),
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
  /** Read keys scoped to the site (needs an Admin or Master caller; others see the step as unknown). */
  readKeys: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'dashboard', 'read-keys'],
      queryFn: async () => (await api().GET('/api/v1/api-keys', { params: { query: { site_id: siteId, permission: 'Read', status: 'Active', per_page: 1 } } })).data!,
      retry: false,
    }),
}
