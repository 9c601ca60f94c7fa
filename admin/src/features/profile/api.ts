import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '../../shared/api/client'

export const profileQueries = {
  profile: () => queryOptions({ queryKey: ['profile'], queryFn: async () => (await api().GET('/api/v1/auth/profile')).data! }),
}

/** The attachment's file name from Content-Disposition (RFC 6266: `filename*` wins over `filename`), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i.exec(disposition)
  return plain?.[1] ?? plain?.[2] ?? fallback
}

/** GET /auth/export as a file download: fetched with the tab's credential, handed to the browser as a blob (never cached). */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const r = await api().GET('/api/v1/auth/export', { parseAs: 'blob', cache: 'no-store' })
      const name = fileNameOf(r.response.headers.get('content-disposition'), 'atrium-export.json')
      const url = URL.createObjectURL(r.data as unknown as Blob)
      const a = document.createElement('a')
      a.href = url
      a.download = name
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
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
