import type { Schemas } from '@atrium-cms/client'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'

export type Member = Schemas['Member']
export type IdpUser = Schemas['IdpUser']
export type AssignableRole = Schemas['UpdateSiteMemberBody']['role']

export const memberQueries = {
  list: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'members'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/members', { params: { path: { site_id: siteId } } })).data!,
    }),
  /** The identity provider's directory, 100 people a window (limit/offset), more on demand. */
  idpUsers: () =>
    infiniteQueryOptions({
      queryKey: ['idp-users'],
      queryFn: async ({ pageParam }) => (await api().GET('/api/v1/idp/users', { params: { query: { offset: pageParam, limit: 100 } } })).data!,
      initialPageParam: 0,
      getNextPageParam: (last) => (last.meta.offset + last.data.length < last.meta.total ? last.meta.offset + last.data.length : undefined),
    }),
}

export function useMemberMutations(siteId: string) {
  const qc = useQueryClient()
  const settle = () => Promise.all([qc.invalidateQueries({ queryKey: ['site', siteId, 'members'] }), qc.invalidateQueries({ queryKey: ['me'] })])
  const path = { site_id: siteId }
  return {
    add: useMutation({
      mutationFn: async (body: { user_id: string; role: AssignableRole } | { idp_user_id: string; role: AssignableRole }) =>
        (await api().POST('/api/v1/sites/{site_id}/members', { params: { path }, body })).data!,
      onSettled: settle,
    }),
    changeRole: useMutation({
      mutationFn: async ({ id, role }: { id: string; role: AssignableRole }) =>
        (await api().PUT('/api/v1/sites/{site_id}/members/{id}', { params: { path: { ...path, id } }, body: { role } })).data!,
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await api().DELETE('/api/v1/sites/{site_id}/members/{id}', { params: { path: { ...path, id } } })
      },
      onSettled: settle,
    }),
    transfer: useMutation({
      mutationFn: async (userId: string) =>
        (await api().POST('/api/v1/sites/{site_id}/members/transfer-ownership', { params: { path }, body: { user_id: userId } })).data!,
      onSettled: settle,
    }),
  }
}

export function useSetSystemRole() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: 'SystemAdmin' | 'User' }) =>
      (await api().PUT('/api/v1/idp/users/{id}/role', { params: { path: { id } }, body: { role } })).data!,
    onSettled: () => qc.invalidateQueries({ queryKey: ['idp-users'] }),
  })
}
