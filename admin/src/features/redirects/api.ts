import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { listAll } from '../../shared/api/listAll'
import type { RedirectInput } from './rules'

export type Redirect = Schemas['Redirect']

const key = (siteId: string) => ['site', siteId, 'redirects'] as const

export const redirectQueries = {
  /** Every live redirect of the site (the list endpoint has no text filter: the screen searches the whole set). */
  all: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'all'],
      queryFn: () =>
        listAll<Redirect>((page) => api().GET('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } })),
    }),
}

export async function getRedirect(id: string): Promise<{ data: Redirect; etag: string | undefined }> {
  const res = await api().GET('/api/v1/redirects/{id}', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

export async function createRedirect(siteId: string, v: RedirectInput): Promise<Redirect> {
  return (await api().POST('/api/v1/sites/{site_id}/redirects', { params: { path: { site_id: siteId } }, body: v })).data!
}

/** POST /sites/{site_id}/redirects/import: every row or none (the server checks them all; importErrors.ts reads a refusal). */
export async function importRedirects(siteId: string, rows: readonly RedirectInput[]): Promise<Schemas['RedirectImport']> {
  return (await api().POST('/api/v1/sites/{site_id}/redirects/import', { params: { path: { site_id: siteId } }, body: { redirects: [...rows] } })).data!
}

export async function updateRedirect(id: string, v: RedirectInput, etag: string | undefined): Promise<Redirect> {
  return (await api().PUT('/api/v1/redirects/{id}', { params: { path: { id }, header: ifMatch(etag) }, body: v })).data!
}

export async function deleteRedirect(id: string): Promise<void> {
  await api().DELETE('/api/v1/redirects/{id}', { params: { path: { id } } })
}

/** GET /sites/{site_id}/redirects/lookup: the active redirect of a path, or null on 404. */
export async function lookupPath(siteId: string, path: string): Promise<Schemas['RedirectTarget'] | null> {
  try {
    return (await api().GET('/api/v1/sites/{site_id}/redirects/lookup', { params: { path: { site_id: siteId }, query: { path } } })).data!
  } catch (e) {
    if (typeof e === 'object' && e !== null && (e as { status?: number }).status === 404) return null
    throw e
  }
}

export function useRedirectMutations(siteId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
  return {
    create: useMutation({ mutationFn: (v: RedirectInput) => createRedirect(siteId, v), onSettled }),
    update: useMutation({
      mutationFn: ({ id, v, etag }: { id: string; v: RedirectInput; etag: string | undefined }) => updateRedirect(id, v, etag),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteRedirect(id), onSettled }),
    invalidate: onSettled,
  }
}
