import type { Schemas } from '@atrium-cms/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../api/client'

/*
 * Preview tokens (decisions.md "Preview"): the Preview button, shared links and the live pane each ask for a token of
 * one record; the frontend (the site's preview_url) or the pane itself reads the record with it.
 */

export type PreviewType = 'blog' | 'page'
export type CreatedPreview = Schemas['CreatedPreview']
export type LivePreview = Schemas['Preview']
export type PreviewRead = Schemas['PreviewRead']

export const HOUR = 3600
/** Lifetimes offered for a shared link: 1 hour, 1 day, 7 days (the API's maximum). */
export const SHARE_LIFETIMES = [HOUR, 24 * HOUR, 7 * 24 * HOUR] as const

export async function createPreview(siteId: string, type: PreviewType, id: string, expiresIn: number, locale?: string): Promise<CreatedPreview> {
  const body = { type, id, expires_in: expiresIn, ...(locale ? { locale } : {}) }
  return (await api().POST('/api/v1/sites/{site_id}/previews', { params: { path: { site_id: siteId } }, body })).data!
}

export async function revokePreview(id: string): Promise<void> {
  await api().DELETE('/api/v1/previews/{id}', { params: { path: { id } } })
}

/** What the token grants, read as a frontend would (no-store on the server: always the latest saved state). */
export async function readPreview(token: string): Promise<PreviewRead> {
  return (await api().GET('/api/v1/preview', { headers: { 'X-Preview-Token': token } })).data!
}

export const previewQueries = {
  /** The live previews of one record (shared links and the pane's own tokens). */
  live: (siteId: string, recordId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'previews', recordId],
      queryFn: async () =>
        (await api().GET('/api/v1/sites/{site_id}/previews', { params: { path: { site_id: siteId }, query: { record_id: recordId } } })).data!,
    }),
}
