import type { Schemas } from '@atrium-cms/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'

export const PER_PAGE = 20

export const templateResource = resource({
  key: 'templates',
  list: '/api/v1/sites/{site_id}/content-templates',
  item: '/api/v1/content-templates/{id}',
  create: '/api/v1/sites/{site_id}/content-templates',
})

/** One page of the site's templates, found by `q` (the API's search). */
export const templateList = (siteId: string, q: string, page: number) =>
  templateResource.list(siteId, { page, per_page: PER_PAGE, ...(q ? { search: q } : {}) })

/** Saves the form: an update with If-Match when it edits a template, else a create. */
export function useSaveTemplate(siteId: string) {
  const m = templateResource.useMutations(siteId)
  return useMutation({
    mutationFn: ({ id, etag, body }: { id?: string; etag?: string; body: Schemas['CreateContentTemplateBody'] }) => m.save(id ? { id } : undefined, body, etag),
  })
}

/** A new Draft post or page from a template (POST /blogs or /pages with template_id); answers the new record's id. */
export function useApplyTemplate(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { kind: 'blog'; templateId: string; locale: string; title: string } | { kind: 'page'; templateId: string; route: string }) => {
      if (input.kind === 'blog') {
        const res = await api().POST('/api/v1/blogs', {
          body: { site_ids: [siteId], template_id: input.templateId, status: 'Draft', localizations: [{ locale: input.locale, title: input.title }] },
        })
        return res.data!.id
      }
      const res = await api().POST('/api/v1/pages', { body: { site_ids: [siteId], template_id: input.templateId, route: input.route, status: 'Draft' } })
      return res.data!.id
    },
    onSuccess: (_id, input) => queryClient.invalidateQueries({ queryKey: ['site', siteId, input.kind === 'blog' ? 'blogs' : 'pages'] }),
  })
}
