import { recordTag, type Schemas } from '@atrium-cms/client'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { orNull } from '../../shared/api/wire'
import type { MediaSearch } from './library/search'
import { MEDIA_PER_PAGE } from './library/search'

/*
 * The media calls (interface-spec "Media", decisions.md "Media"). Keys start with ['site', siteId] like every
 * site-scoped key, so switching sites never shows another site's files. Uploads are not here: they need progress
 * events (upload/uploadRequest.ts).
 */

export type Media = Schemas['Media']
export type MediaDetail = Schemas['MediaDetail']
export type MediaMetadata = Schemas['MediaMetadata']
export type MediaFolder = Schemas['MediaFolder']
export type Locale = Schemas['Locale']
export type MediaReference = Schemas['MediaReference']

export const mediaKeys = {
  all: (siteId: string) => ['site', siteId, 'media'] as const,
  lists: (siteId: string) => ['site', siteId, 'media', 'list'] as const,
  detail: (siteId: string, id: string) => ['site', siteId, 'media', 'detail', id] as const,
  folders: (siteId: string) => ['site', siteId, 'media', 'folders'] as const,
  references: (siteId: string, id: string) => ['site', siteId, 'media', 'detail', id, 'references'] as const,
}

export const mediaQueries = {
  list: (siteId: string, s: MediaSearch) =>
    queryOptions({
      queryKey: [...mediaKeys.lists(siteId), { page: s.page ?? 1, q: s.q ?? '', type: s.type ?? '', folder: s.folder ?? '' }],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/media', {
            params: {
              path: { site_id: siteId },
              query: {
                page: s.page ?? 1,
                per_page: MEDIA_PER_PAGE,
                ...(s.q ? { search: s.q } : {}),
                ...(s.type ? { mime_category: s.type } : {}),
                ...(s.folder ? { folder_id: s.folder } : {}),
              },
            },
          })
        ).data!,
      placeholderData: keepPreviousData,
    }),
  detail: (siteId: string, id: string) =>
    queryOptions({
      queryKey: mediaKeys.detail(siteId, id),
      queryFn: async () => (await api().GET('/api/v1/media/{id}', { params: { path: { id } } })).data!,
    }),
  /** Where the file is used: the site's live posts and pages that name it. */
  references: (siteId: string, id: string) =>
    queryOptions({
      queryKey: mediaKeys.references(siteId, id),
      queryFn: async () => (await api().GET('/api/v1/media/{id}/references', { params: { path: { id } } })).data!,
    }),
  folders: (siteId: string) =>
    queryOptions({
      queryKey: mediaKeys.folders(siteId),
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/media-folders', { params: { path: { site_id: siteId } } })).data!,
    }),
  /** The site's content locales (the same key the blog editor uses: one cache entry). */
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
}

/** One locale's texts of a file; empty text is null on the wire. */
export interface MetaValues {
  alt_text: string
  caption: string
  title: string
}
export const META_FIELDS = ['alt_text', 'caption', 'title'] as const

export const metaValuesOf = (m: MediaMetadata | undefined): MetaValues => ({ alt_text: m?.alt_text ?? '', caption: m?.caption ?? '', title: m?.title ?? '' })
const metaBody = (v: MetaValues) => ({ alt_text: orNull(v.alt_text), caption: orNull(v.caption), title: orNull(v.title) })

/**
 * Saves one locale's texts: a new record (POST), or the existing one with If-Match (its tag computed from the record
 * as loaded, since the detail lists metadata without tags; `etag` overrides, e.g. after a 412 the user settled).
 */
export async function saveMetadata(
  mediaId: string,
  localeId: string,
  existing: MediaMetadata | undefined,
  v: MetaValues,
  etag?: string,
): Promise<MediaMetadata> {
  if (!existing) {
    return (await api().POST('/api/v1/media/{id}/metadata', { params: { path: { id: mediaId } }, body: { locale_id: localeId, ...metaBody(v) } })).data!
  }
  const tag = etag ?? (await recordTag(existing))
  const res = await api().PUT('/api/v1/media/metadata/{metadata_id}', {
    params: { path: { metadata_id: existing.id }, header: tag ? { 'if-match': tag } : {} },
    body: metaBody(v),
  })
  return res.data!
}

export function useDeleteMedia(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/media/{id}', { params: { path: { id } } })
    },
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: mediaKeys.detail(siteId, id) })
      void qc.invalidateQueries({ queryKey: mediaKeys.lists(siteId) })
    },
  })
}

export function useCreateFolder(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (v: { name: string; parent_id: string | null }) =>
      (await api().POST('/api/v1/sites/{site_id}/media-folders', { params: { path: { site_id: siteId } }, body: v })).data!,
    onSuccess: () => void qc.invalidateQueries({ queryKey: mediaKeys.folders(siteId) }),
  })
}

/** What PUT /media/{id} changes: rename, move (null: no folder), focal point. */
export interface MediaPatch {
  filename?: string
  folder_id?: string | null
  focal_x?: number
  focal_y?: number
}

/**
 * Rename, move or a new focal point. Without If-Match: each is one field the editor sees as it is, and the answer
 * replaces the record in the cache at once (a new focal point is a new image_url, so previews reload).
 */
export function useUpdateMedia(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: MediaPatch }) =>
      (await api().PUT('/api/v1/media/{id}', { params: { path: { id } }, body: patch })).data!,
    onSuccess: (m) => {
      qc.setQueryData(mediaKeys.detail(siteId, m.id), (old: MediaDetail | undefined) => (old ? { ...old, ...m } : old))
      void qc.invalidateQueries({ queryKey: mediaKeys.lists(siteId) })
    },
  })
}
