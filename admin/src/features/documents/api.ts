import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { versioned } from '../../shared/editor/contentWrites'
import { heldIfMatch, type Held } from '../../shared/editor/SaveConflict'

/* Documents and their folders (GET/POST /sites/{site_id}/documents, /document-folders, /documents/{id}…). */
export const PER_PAGE = 20

export const documentQueries = {
  folders: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'documents', 'folders'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/document-folders', { params: { path: { site_id: siteId } } })).data!,
    }),
  list: (siteId: string, folderId: string | undefined, page: number) =>
    queryOptions({
      queryKey: ['site', siteId, 'documents', 'list', { folderId: folderId ?? null, page }],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/documents', {
            params: { path: { site_id: siteId }, query: { page, per_page: PER_PAGE, ...(folderId ? { folder_id: folderId } : {}) } },
          })
        ).data!,
      placeholderData: (previous) => previous,
    }),
  detail: (siteId: string, id: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'documents', 'detail', id],
      queryFn: async () => {
        const res = await api().GET('/api/v1/documents/{id}', { params: { path: { id } } })
        return { doc: res.data!, etag: etagOf(res) }
      },
    }),
}

function useInvalidate(siteId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'documents'] })
}

/** Creates a folder, or updates `held` (the folder as the form loaded it) with If-Match. */
export function useSaveFolder(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({ held, body }: { held?: Held<Schemas['DocumentFolder']>; body: Schemas['CreateDocumentFolderBody'] }) =>
      held
        ? (await api().PUT('/api/v1/document-folders/{id}', { params: { path: { id: held.record.id }, header: ifMatch(await heldIfMatch(held)) }, body })).data!
        : (await api().POST('/api/v1/sites/{site_id}/document-folders', { params: { path: { site_id: siteId } }, body })).data!,
    onSuccess: invalidate,
  })
}

export function useDeleteFolder(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/document-folders/{id}', { params: { path: { id } } })
    },
    onSuccess: invalidate,
  })
}

export function useCreateDocument(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async (body: Schemas['CreateDocumentBody']) =>
      (await api().POST('/api/v1/sites/{site_id}/documents', { params: { path: { site_id: siteId } }, body })).data!,
    onSuccess: invalidate,
  })
}

export function useUpdateDocument(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({ id, etag, body }: { id: string; etag: string | undefined; body: Schemas['UpdateDocumentBody'] }) =>
      (await api().PUT('/api/v1/documents/{id}', { params: { path: { id }, header: etag ? { 'if-match': etag } : {} }, body })).data!,
    onSuccess: invalidate,
  })
}

export function useDeleteDocument(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/documents/{id}', { params: { path: { id } } })
    },
    onSuccess: invalidate,
  })
}

/** Creates the locale's localization, or updates the one it has with If-Match `etag` (the version the form holds); answers it with its ETag. */
export function useSaveDocumentLocalization(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({
      documentId,
      existing,
      etag,
      localeId,
      body,
    }: {
      documentId: string
      existing?: string
      etag?: string
      localeId: string
      body: Schemas['UpdateDocumentLocalizationBody']
    }) =>
      existing
        ? versioned(await api().PUT('/api/v1/documents/localizations/{loc_id}', { params: { path: { loc_id: existing }, header: ifMatch(etag) }, body }))
        : versioned(
            await api().POST('/api/v1/documents/{id}/localizations', {
              params: { path: { id: documentId } },
              body: { locale_id: localeId, ...(body as object) },
            }),
          ),
    onSuccess: invalidate,
  })
}
