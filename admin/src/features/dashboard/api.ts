import { queryOptions, useQueries } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { siteGet } from '../../shared/api/resource'

export const STATUSES = ['Draft', 'InReview', 'Scheduled', 'Published'] as const
export type Status = (typeof STATUSES)[number]

const blogs = (siteId: string, status: Status, perPage: number) =>
  api()
    .GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: siteId }, query: { status, per_page: perPage } } })
    .then((r) => r.data!)

const activity = siteGet(['dashboard', 'activity'], '/api/v1/sites/{site_id}/audit')

/** The dashboard's queries; every key starts with the site. */
export const dashboardQueries = {
  /** A one-post page of a status: its total, without loading posts. */
  total: (siteId: string, status: 'Draft' | 'Published') =>
    queryOptions({ queryKey: ['site', siteId, 'dashboard', 'total', status], queryFn: async () => (await blogs(siteId, status, 1)).meta.total }),
  inReview: (siteId: string) => queryOptions({ queryKey: ['site', siteId, 'dashboard', 'in-review'], queryFn: () => blogs(siteId, 'InReview', 5) }),
  scheduled: (siteId: string) => queryOptions({ queryKey: ['site', siteId, 'dashboard', 'scheduled'], queryFn: () => blogs(siteId, 'Scheduled', 5) }),
  activity: (siteId: string) => activity(siteId, { per_page: 10 }),
  /** Read keys scoped to the site (needs an Admin or Master caller; others see the step as unknown). */
  readKeys: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'dashboard', 'read-keys'],
      queryFn: async () =>
        (await api().GET('/api/v1/api-keys', { params: { query: { site_id: siteId, permission: 'Read', status: 'Active', per_page: 1 } } })).data!,
      retry: false,
    }),
}

/**
 * Counts by status: Draft and Published from one-post pages, In review and Scheduled from the queues the dashboard
 * shows anyway (their totals): four requests instead of six, on a database that answers one statement at a time.
 */
export function useStatusCounts(siteId: string): Record<Status, number> | undefined {
  return useQueries({
    queries: [
      dashboardQueries.total(siteId, 'Draft'),
      dashboardQueries.inReview(siteId),
      dashboardQueries.scheduled(siteId),
      dashboardQueries.total(siteId, 'Published'),
    ],
    combine: ([draft, inReview, scheduled, published]) =>
      draft.data !== undefined && inReview.data && scheduled.data && published.data !== undefined
        ? { Draft: draft.data, InReview: inReview.data.meta.total, Scheduled: scheduled.data.meta.total, Published: published.data }
        : undefined,
  })
}
