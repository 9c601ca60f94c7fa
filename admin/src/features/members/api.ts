import type { Schemas } from '@atrium-cms/client'
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'

export type Member = Schemas['Member']
export type IdpUser = Schemas['IdpUser']
export type AssignableRole = Schemas['UpdateSiteMemberBody']['role']

/*
 * A site's members on the resource factory (shared/api/resource): the list, add, change of role and removal. There is
 * no GET of one member (the record is what the PUT answers). Every write also refreshes ['me']: a change of one's own
 * role changes what the admin offers. The transfer of ownership and the identity provider's directory (paged by
 * offset, more on demand) stay explicit below.
 */
const memberResource = resource({
  key: 'members',
  list: '/api/v1/sites/{site_id}/members',
  item: '/api/v1/sites/{site_id}/members/{id}',
  create: '/api/v1/sites/{site_id}/members',
  alsoRefresh: [['me']],
})

export const memberQueries = {
  list: (siteId: string) => memberResource.list(siteId),
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
  const { create, update, remove, invalidate } = memberResource.useMutations(siteId)
  return {
    add: create,
    /** A member's role (no If-Match: the list carries no member's ETag, and a role is one field set outright). */
    changeRole: update,
    remove,
    transfer: useMutation({
      mutationFn: async (userId: string) =>
        (await api().POST('/api/v1/sites/{site_id}/members/transfer-ownership', { params: { path: { site_id: siteId } }, body: { user_id: userId } })).data!,
      onSettled: invalidate,
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
