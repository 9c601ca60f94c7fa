import type { Schemas } from '@atrium-cms/client'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'
import type { RedirectInput } from './rules'

export type Redirect = Schemas['Redirect']

export const redirectResource = resource({
  key: 'redirects',
  list: '/api/v1/sites/{site_id}/redirects',
  item: '/api/v1/redirects/{id}',
  create: '/api/v1/sites/{site_id}/redirects',
})

/** POST /sites/{site_id}/redirects/import: every row or none (the server checks them all; importErrors.ts reads a refusal). */
export async function importRedirects(siteId: string, rows: readonly RedirectInput[]): Promise<Schemas['RedirectImport']> {
  return (await api().POST('/api/v1/sites/{site_id}/redirects/import', { params: { path: { site_id: siteId } }, body: { redirects: [...rows] } })).data!
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
