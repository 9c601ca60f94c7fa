import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { documentResource } from '../../shared/api/queries'
import { resource } from '../../shared/api/resource'
import { ifMatch } from '../../shared/api/wire'
import { versioned } from '../../shared/editor/contentWrites'
import { heldIfMatch, type Held } from '../../shared/editor/SaveConflict'

/*
 * Documents and their folders on the resource factory (shared/api/resource): keys ['site', siteId, 'documents', …],
 * folders within them, so every write refreshes both. A refused write refreshes nothing: the document's screen keeps
 * the ETag it loaded, and saving over a newer version keeps meeting the conflict. Localizations stay explicit below.
 */
export const PER_PAGE = 20

export { documentResource }

export const folderResource = resource({
  key: 'folders',
  within: 'documents',
  list: '/api/v1/sites/{site_id}/document-folders',
  item: '/api/v1/document-folders/{id}',
  create: '/api/v1/sites/{site_id}/document-folders',
  refreshOnSuccessOnly: true,
})

export const documentQueries = {
  folders: (siteId: string) => folderResource.list(siteId),
  list: (siteId: string, folderId: string | undefined, page: number) =>
    documentResource.list(siteId, { page, per_page: PER_PAGE, ...(folderId ? { folder_id: folderId } : {}) }),
  /** The document with the ETag its edit sends back in If-Match. */
  detail: (siteId: string, id: string) => queryOptions({ queryKey: [...documentResource.key(siteId), 'detail', id], queryFn: () => documentResource.get(id) }),
}

/** Creates a folder, or updates `held` (the folder as the form loaded it) with If-Match. */
export function useSaveFolder(siteId: string) {
  const m = folderResource.useMutations(siteId)
  return useMutation({
    mutationFn: async ({ held, body }: { held?: Held<Schemas['DocumentFolder']>; body: Schemas['CreateDocumentFolderBody'] }) =>
      m.save(held?.record, body, held ? await heldIfMatch(held) : undefined),
  })
}

export const useDeleteFolder = (siteId: string) => folderResource.useMutations(siteId).remove
export const useCreateDocument = (siteId: string) => documentResource.useMutations(siteId).create
export const useUpdateDocument = (siteId: string) => documentResource.useMutations(siteId).update
export const useDeleteDocument = (siteId: string) => documentResource.useMutations(siteId).remove

/** After a localization's write: the document's lists and its screen show it. */
function useInvalidate(siteId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: documentResource.key(siteId) })
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
