import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { heldIfMatch, type Held } from '../../shared/editor/SaveConflict'

/* Sites, their locales and settings. Site-scoped keys start with ['site', siteId]; the list is ['sites']. */

export type Site = Schemas['Site']
export type Locale = Schemas['Locale']
export type Settings = Schemas['SiteSettings']
export type CreateSiteBody = Schemas['CreateSiteBody']
export type UpdateSiteBody = { name?: string; description?: string | null; url?: string | null; favicon_url?: string | null }

export const siteQueries = {
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
}

export function useCreateSite() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateSiteBody) => (await api().POST('/api/v1/sites', { body })).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sites'] }),
  })
}

export function useUpdateSite(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    /** `held`: the site as the form loaded it; its tag goes as If-Match. */
    mutationFn: async ({ body, held }: { body: UpdateSiteBody; held: Held<Site> }) =>
      (await api().PUT('/api/v1/sites/{id}', { params: { path: { id: siteId }, header: ifMatch(await heldIfMatch(held)) }, body })).data!,
    onSuccess: (site) => {
      qc.setQueryData(['site', siteId, 'detail'], site)
      return qc.invalidateQueries({ queryKey: ['sites'] })
    },
  })
}

export function useDeleteSite(siteId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/api/v1/sites/{id}', { params: { path: { id: siteId } } })
    },
    onSuccess: () => {
      qc.removeQueries({ queryKey: ['site', siteId] })
      return qc.invalidateQueries({ queryKey: ['sites'] })
    },
  })
}

/** Add, make default, remove: each refetches the locales and the settings (default_locale_id follows). */
export function useLocaleMutations(siteId: string) {
  const qc = useQueryClient()
  const settle = () =>
    Promise.all([qc.invalidateQueries({ queryKey: ['site', siteId, 'locales'] }), qc.invalidateQueries({ queryKey: ['site', siteId, 'settings'] })])
  const path = { site_id: siteId }
  return {
    add: useMutation({
      mutationFn: async (body: { code: string; name?: string }) => (await api().POST('/api/v1/sites/{site_id}/locales', { params: { path }, body })).data!,
      onSettled: settle,
    }),
    makeDefault: useMutation({
      mutationFn: async (localeId: string) =>
        (await api().PUT('/api/v1/sites/{site_id}/locales/{locale_id}', { params: { path: { ...path, locale_id: localeId } }, body: { is_default: true } }))
          .data!,
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: async (localeId: string) => {
        await api().DELETE('/api/v1/sites/{site_id}/locales/{locale_id}', { params: { path: { ...path, locale_id: localeId } } })
      },
      onSettled: settle,
    }),
  }
}
