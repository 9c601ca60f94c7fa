import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { listAll } from '../../shared/api/listAll'
import type { cvBody, EntryType } from './rules'

export type CvEntry = Schemas['CvEntry']
type Body = ReturnType<typeof cvBody>

const key = (siteId: string) => ['site', siteId, 'cv'] as const

export const cvQueries = {
  /** The site's entries (current first, then newest start), optionally of one type (the API filters). */
  list: (siteId: string, entryType: EntryType | undefined) =>
    queryOptions({
      queryKey: [...key(siteId), 'list', entryType ?? 'all'],
      queryFn: () =>
        listAll<CvEntry>((page) =>
          api().GET('/api/v1/sites/{site_id}/cv', {
            params: { path: { site_id: siteId }, query: { page, per_page: 100, ...(entryType ? { entry_type: entryType } : {}) } },
          }),
        ),
    }),
}

export async function getCvEntry(id: string): Promise<{ data: CvEntry; etag: string | undefined }> {
  const res = await api().GET('/api/v1/cv/{id}', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

export function useCvMutations(siteId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
  return {
    create: useMutation({ mutationFn: async (b: Body) => (await api().POST('/api/v1/cv', { body: { site_ids: [siteId], ...b } })).data!, onSettled }),
    update: useMutation({
      mutationFn: async ({ id, b, etag }: { id: string; b: Body; etag: string | undefined }) =>
        (await api().PUT('/api/v1/cv/{id}', { params: { path: { id }, header: ifMatch(etag) }, body: b })).data!,
      onSettled,
    }),
    remove: useMutation({ mutationFn: async (id: string) => void (await api().DELETE('/api/v1/cv/{id}', { params: { path: { id } } })), onSettled }),
  }
}
