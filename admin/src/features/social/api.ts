import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { reorderBody } from './order'

export type SocialLink = Schemas['SocialLink']
export interface SocialValues {
  platform: string
  url: string
  label: string | null
  icon: string | null
  is_active: boolean
}

const key = (siteId: string) => ['site', siteId, 'social'] as const

export const socialQueries = {
  list: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'list'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/social', { params: { path: { site_id: siteId } } })).data!,
    }),
}

export async function getSocial(id: string): Promise<{ data: SocialLink; etag: string | undefined }> {
  const res = await api().GET('/api/v1/social/{id}', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

export function useSocialMutations(siteId: string) {
  const queryClient = useQueryClient()
  const listKey = socialQueries.list(siteId).queryKey
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
  return {
    create: useMutation({
      mutationFn: async (v: SocialValues) => (await api().POST('/api/v1/sites/{site_id}/social', { params: { path: { site_id: siteId } }, body: v })).data!,
      onSettled,
    }),
    update: useMutation({
      mutationFn: async ({ id, v, etag }: { id: string; v: SocialValues; etag: string | undefined }) =>
        (await api().PUT('/api/v1/social/{id}', { params: { path: { id }, header: ifMatch(etag) }, body: v })).data!,
      onSettled,
    }),
    remove: useMutation({ mutationFn: async (id: string) => void (await api().DELETE('/api/v1/social/{id}', { params: { path: { id } } })), onSettled }),
    /** Optimistic (admin.md): the list shows the new order at once, and goes back to the server's if the reorder fails. */
    reorder: useMutation({
      mutationFn: async (list: SocialLink[]) =>
        void (await api().POST('/api/v1/sites/{site_id}/social/reorder', { params: { path: { site_id: siteId } }, body: reorderBody(list) })),
      onMutate: async (list) => {
        await queryClient.cancelQueries({ queryKey: listKey })
        const before = queryClient.getQueryData(listKey)
        queryClient.setQueryData(listKey, list)
        return { before }
      },
      onError: (_e, _list, ctx) => queryClient.setQueryData(listKey, ctx?.before),
      onSettled,
    }),
  }
}
