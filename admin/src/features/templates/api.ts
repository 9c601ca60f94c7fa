import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'

export const PER_PAGE = 20

export const templateQueries = {
  list: (siteId: string, q: string, page: number) =>
    queryOptions({
      queryKey: ['site', siteId, 'templates', 'list', { q, page }],
      queryFn: async () =>
        (
          await api().GET('/api/v1/sites/{site_id}/content-templates', {
            params: { path: { site_id: siteId }, query: { page, per_page: PER_PAGE, ...(q ? { search: q } : {}) } },
          })
        ).data!,
      placeholderData: (previous) => previous,
    }),
}

/** The template as GET by id answers it, with its ETag (an edit sends it back in If-Match). */
export async function loadTemplate(id: string): Promise<{ template: Schemas['ContentTemplate']; etag: string | undefined }> {
  const res = await api().GET('/api/v1/content-templates/{id}', { params: { path: { id } } })
  return { template: res.data!, etag: etagOf(res) }
}

export function useSaveTemplate(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, etag, body }: { id?: string; etag?: string; body: Schemas['CreateContentTemplateBody'] }) =>
      id
        ? (await api().PUT('/api/v1/content-templates/{id}', { params: { path: { id }, header: etag ? { 'if-match': etag } : {} }, body })).data!
        : (await api().POST('/api/v1/sites/{site_id}/content-templates', { params: { path: { site_id: siteId } }, body })).data!,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'templates'] }),
  })
}

export function useDeleteTemplate(siteId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/api/v1/content-templates/{id}', { params: { path: { id } } })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['site', siteId, 'templates'] }),
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
