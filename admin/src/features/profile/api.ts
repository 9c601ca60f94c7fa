import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { fileNameOf, saveAsFile } from '../../shared/api/download'

export const profileQueries = {
  profile: () => queryOptions({ queryKey: ['profile'], queryFn: async () => (await api().GET('/api/v1/auth/profile')).data! }),
}

/** GET /auth/export as a file download: fetched with the tab's credential, handed to the browser as a blob (never cached). */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const r = await api().GET('/api/v1/auth/export', { parseAs: 'blob', cache: 'no-store' })
      const name = fileNameOf(r.response.headers.get('content-disposition'), 'atrium-export.json')
      saveAsFile(r.data as unknown as Blob, name, 10_000)
      return { name, bytes: (r.data as unknown as Blob).size }
    },
  })
}

/** DELETE /auth/account (JWT): 409 while the caller owns a site. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async () => {
      await api().DELETE('/api/v1/auth/account')
    },
  })
}
