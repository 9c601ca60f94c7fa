import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { listAll } from '../../shared/api/listAll'

export type Skill = Schemas['Skill']
export interface SkillBody {
  name: string
  slug?: string
  category: string | null
  proficiency: number
  icon: string | null
}

const key = (siteId: string) => ['site', siteId, 'skills'] as const

export const skillQueries = {
  all: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'all'],
      queryFn: () =>
        listAll<Skill>((page) => api().GET('/api/v1/sites/{site_id}/skills', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } })),
    }),
}

export async function getSkill(id: string): Promise<{ data: Skill; etag: string | undefined }> {
  const res = await api().GET('/api/v1/skills/{id}', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

export function useSkillMutations(siteId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
  return {
    create: useMutation({ mutationFn: async (b: SkillBody) => (await api().POST('/api/v1/skills', { body: { site_ids: [siteId], ...b } })).data!, onSettled }),
    update: useMutation({
      mutationFn: async ({ id, b, etag }: { id: string; b: SkillBody; etag: string | undefined }) =>
        (await api().PUT('/api/v1/skills/{id}', { params: { path: { id }, header: ifMatch(etag) }, body: b })).data!,
      onSettled,
    }),
    remove: useMutation({ mutationFn: async (id: string) => void (await api().DELETE('/api/v1/skills/{id}', { params: { path: { id } } })), onSettled }),
  }
}
