import { recordTag, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'
import { ifMatch, orNull } from '../../shared/api/wire'
import { editConflictOf } from '../../shared/logic/editConflict'
import { toFormError } from '../../shared/logic/errors'
import type { MediaSearch } from './library/search'
import { MEDIA_PER_PAGE } from './library/search'

/*
 * The media calls (interface-spec "Media", decisions.md "Media"). The list, the record and the folders come from
 * shared/api/resource (keys ['site', siteId, 'media', …] and ['site', siteId, 'media-folders', …]). What is no plain
 * write stays here: a rename, move or focal point puts the answer in the cached record (useUpdateMedia), a delete
 * drops the record's cache, and metadata is a record per locale. Uploads are not here: they need progress events
 * (upload/uploadRequest.ts).
 */

export type Media = Schemas['Media']
export type MediaDetail = Schemas['MediaDetail']
export type MediaMetadata = Schemas['MediaMetadata']
export type MediaFolder = Schemas['MediaFolder']
export type Locale = Schemas['Locale']
export type MediaReference = Schemas['MediaReference']

const mediaResource = resource({ key: 'media', list: '/api/v1/sites/{site_id}/media', item: '/api/v1/media/{id}' })
const folderResource = resource({
  key: 'media-folders',
  list: '/api/v1/sites/{site_id}/media-folders',
  item: '/api/v1/media-folders/{id}',
  create: '/api/v1/sites/{site_id}/media-folders',
})

export const mediaKeys = {
  lists: (siteId: string) => [...mediaResource.key(siteId), 'list'] as const,
  detail: (siteId: string, id: string) => [...mediaResource.key(siteId), 'detail', id] as const,
  references: (siteId: string, id: string) => [...mediaResource.key(siteId), 'detail', id, 'references'] as const,
}

export const mediaQueries = {
  list: (siteId: string, s: MediaSearch) =>
    mediaResource.list(siteId, {
      page: s.page ?? 1,
      per_page: MEDIA_PER_PAGE,
      ...(s.q ? { search: s.q } : {}),
      ...(s.type ? { mime_category: s.type } : {}),
      ...(s.folder ? { folder_id: s.folder } : {}),
    }),
  detail: (siteId: string, id: string) =>
    queryOptions({
      queryKey: mediaKeys.detail(siteId, id),
      // The detail lists no tag: writes compute the record's (mediaTag), so the answer's ETag is not kept.
      queryFn: async () => (await mediaResource.get(id)).data,
    }),
  /** Where the file is used: the site's live posts and pages that name it. */
  references: (siteId: string, id: string) =>
    queryOptions({
      queryKey: mediaKeys.references(siteId, id),
      queryFn: async () => (await api().GET('/api/v1/media/{id}/references', { params: { path: { id } } })).data!,
    }),
  folders: (siteId: string) => folderResource.list(siteId),
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

/**
 * Delete: the record's detail leaves the cache (refetching it would only answer 404) and the details close at once,
 * while the lists refresh behind (the factory's remove would refetch the open detail and wait for the lists).
 */
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

/** A new folder (`parent_id` null: the top level); the folder list refreshes. */
export const useCreateFolder = (siteId: string) => folderResource.useMutations(siteId).create

/** What PUT /media/{id} changes: rename, move (null: no folder), focal point. */
export interface MediaPatch {
  filename?: string
  folder_id?: string | null
  focal_x?: number
  focal_y?: number
}

/** The record part of a media answer (the detail adds its metadata): the fields its ETag covers. */
export function mediaRecordOf(m: Media | MediaDetail): Media {
  const { metadata: _metadata, ...record } = m as MediaDetail
  return record
}

/** The ETag of a media record as the editor holds it (the detail lists no tag; it is computed as the server does). */
export const mediaTag = (m: Media | MediaDetail): Promise<string | undefined> => recordTag(mediaRecordOf(m))

/**
 * Rename, move or a new focal point, with If-Match: `base` is the record as the editor saw it (its tag is computed), or
 * `etag` overrides (after a 412 the editor settled: their tag). A change made elsewhere meanwhile is a 412 carrying
 * the record as it is now, never overwritten silently. The answer replaces the record in the cache at once (a new
 * focal point is a new image_url, so previews reload).
 */
export function useUpdateMedia(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, patch, base, etag }: { id: string; patch: MediaPatch; base?: Media | MediaDetail; etag?: string | undefined }) => {
      const tag = etag ?? (base ? await mediaTag(base) : undefined)
      return (await api().PUT('/api/v1/media/{id}', { params: { path: { id }, header: ifMatch(tag) }, body: patch })).data!
    },
    onSuccess: (m) => putInCache(qc, siteId, m),
  })
}

/** A record answered by a write (or a 412's `current`) becomes the cached one; the lists refresh. */
export function putInCache(qc: ReturnType<typeof useQueryClient>, siteId: string, m: Media): void {
  qc.setQueryData(mediaKeys.detail(siteId, m.id), (old: MediaDetail | undefined) => (old ? { ...old, ...m } : old))
  void qc.invalidateQueries({ queryKey: mediaKeys.lists(siteId) })
}

/** A 412 on a save: the record as it is now, its tag, and the change that was refused (still the editor's). */
export interface MediaConflict {
  current: Media
  etag: string | undefined
  patch: MediaPatch
}

/**
 * A save of part of a record (name and folder, or the focal point) with the conflict flow: a 412 keeps the editor's
 * change and offers their version (takeTheirs: it becomes the cached record) or saving the change over it (keepMine:
 * If-Match their tag).
 */
export function useMediaSave(siteId: string, media: MediaDetail) {
  const qc = useQueryClient()
  const update = useUpdateMedia(siteId)
  const [conflict, setConflict] = useState<MediaConflict | undefined>(undefined)
  const save = (patch: MediaPatch, onSaved?: () => void, etag?: string) =>
    update.mutate(
      { id: media.id, patch, base: media, etag },
      {
        onSuccess: () => (setConflict(undefined), onSaved?.()),
        onError: (e) => {
          const c = editConflictOf<Media>(e)
          setConflict(c ? { ...c, patch } : undefined)
        },
      },
    )
  const takeTheirs = (): Media | undefined => {
    if (!conflict) return undefined
    putInCache(qc, siteId, conflict.current)
    setConflict(undefined)
    update.reset()
    return conflict.current
  }
  const keepMine = (onSaved?: () => void) => conflict && save(conflict.patch, onSaved, conflict.etag ?? '*')
  const error = update.error && !conflict ? toFormError(update.error) : undefined
  return { save, conflict, takeTheirs, keepMine, pending: update.isPending, error }
}
