import { AtriumError, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'
import { ifMatch } from '../../shared/api/wire'
import { versioned } from '../../shared/editor/contentWrites'
import { heldIfMatch, type Held } from '../../shared/editor/SaveConflict'

/* Legal documents, their localizations, and a cookie-consent document's groups and items. */
export const LEGAL_TYPES = ['CookieConsent', 'PrivacyPolicy', 'TermsOfService', 'Imprint', 'Disclaimer', 'Other'] as const
export type LegalType = (typeof LEGAL_TYPES)[number]
export type LegalDocument = Schemas['LegalDocument']

/*
 * The documents themselves on the resource factory (shared/api/resource): keys ['site', siteId, 'legal', …]. A refused
 * write refreshes nothing, so the screen keeps the ETag it loaded and saving over a newer version keeps meeting the
 * conflict. Deleting (If-Match), localizations, groups and items are no plain CRUD of the site's records: explicit below.
 */
export const legalResource = resource({
  key: 'legal',
  list: '/api/v1/sites/{site_id}/legal',
  item: '/api/v1/legal/{id}',
  create: '/api/v1/sites/{site_id}/legal',
  refreshOnSuccessOnly: true,
})

export const legalQueries = {
  list: (siteId: string) => legalResource.list(siteId, { per_page: 100 }),
  /** The document with the ETag its edit sends back in If-Match. */
  detail: (siteId: string, id: string) => queryOptions({ queryKey: [...legalResource.key(siteId), 'detail', id], queryFn: () => legalResource.get(id) }),
  /** What a frontend's consent banner receives; null when the site has no active cookie-consent document (404). */
  consent: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'legal', 'consent'],
      queryFn: async () => {
        const res = await api()
          .GET('/api/v1/sites/{site_id}/legal/cookie-consent', { params: { path: { site_id: siteId } } })
          .catch((err: unknown) => {
            if (err instanceof AtriumError && err.status === 404) return null
            throw err
          })
        return res?.data ?? null
      },
    }),
}

/** After any write: the list, the document and the banner preview show it. */
function useInvalidate(siteId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: legalResource.key(siteId) })
}

export const useCreateLegal = (siteId: string) => legalResource.useMutations(siteId).create
export const useUpdateLegal = (siteId: string) => legalResource.useMutations(siteId).update

/** DELETE with If-Match the version the screen shows (the factory's remove sends none). */
export function useDeleteLegal(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({ id, etag }: { id: string; etag: string | undefined }) => {
      await api().DELETE('/api/v1/legal/{id}', { params: { path: { id }, header: ifMatch(etag) } })
    },
    onSuccess: invalidate,
  })
}

/** Creates the locale's localization, or updates the one it has with If-Match `etag` (the version the form holds); answers it with its ETag. */
export function useSaveLegalLocalization(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({
      docId,
      existing,
      etag,
      localeId,
      body,
    }: {
      docId: string
      existing?: string
      etag?: string
      localeId: string
      body: Schemas['UpdateLegalDocumentLocalizationBody']
    }) =>
      existing
        ? versioned(await api().PUT('/api/v1/legal/localizations/{loc_id}', { params: { path: { loc_id: existing }, header: ifMatch(etag) }, body }))
        : versioned(
            await api().POST('/api/v1/legal/{id}/localizations', { params: { path: { id: docId } }, body: { locale_id: localeId, ...(body as object) } }),
          ),
    onSuccess: invalidate,
  })
}

/** Creates a group, or updates `held` (the group as the form loaded it) with If-Match. */
export function useSaveGroup(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({ docId, held, body }: { docId: string; held?: Held<Schemas['LegalGroup']>; body: Schemas['CreateLegalGroupBody'] }) =>
      held
        ? (await api().PUT('/api/v1/legal/groups/{id}', { params: { path: { id: held.record.id }, header: ifMatch(await heldIfMatch(held)) }, body })).data!
        : (await api().POST('/api/v1/legal/{document_id}/groups', { params: { path: { document_id: docId } }, body })).data!,
    onSuccess: invalidate,
  })
}

export function useDeleteGroup(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/legal/groups/{id}', { params: { path: { id } } })
    },
    onSuccess: invalidate,
  })
}

/** Swaps two neighbouring groups' display_order (the keyboard's "move up" and "move down"). */
export function useSwapGroups(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ([a, b]: [Schemas['LegalGroup'], Schemas['LegalGroup']]) => {
      const [orderA, orderB] = a.display_order === b.display_order ? [b.display_order + 1, a.display_order] : [b.display_order, a.display_order]
      await api().PUT('/api/v1/legal/groups/{id}', { params: { path: { id: a.id } }, body: { display_order: orderA } })
      await api().PUT('/api/v1/legal/groups/{id}', { params: { path: { id: b.id } }, body: { display_order: orderB } })
    },
    onSettled: invalidate,
  })
}

/** Creates an item, or updates `held` (the item as the form loaded it) with If-Match. */
export function useSaveItem(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async ({ groupId, held, body }: { groupId: string; held?: Held<Schemas['LegalItem']>; body: Schemas['CreateLegalItemBody'] }) =>
      held
        ? (await api().PUT('/api/v1/legal/items/{id}', { params: { path: { id: held.record.id }, header: ifMatch(await heldIfMatch(held)) }, body })).data!
        : (await api().POST('/api/v1/legal/groups/{group_id}/items', { params: { path: { group_id: groupId } }, body })).data!,
    onSuccess: invalidate,
  })
}

export function useDeleteItem(siteId: string) {
  const invalidate = useInvalidate(siteId)
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/legal/items/{id}', { params: { path: { id } } })
    },
    onSuccess: invalidate,
  })
}
