import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../shared/api/client'

export interface ContentHit {
  type: 'blog' | 'page' | 'document' | 'media'
  id: string
  title: string
}

const PER_KIND = 5

/**
 * What the palette finds by title: the site search (posts, pages, documents) in every locale of the site, so a
 * German title finds its post, and the media library's search by file name and texts. One request per locale plus
 * one for media, 200 ms after the typing stops, from two characters on.
 */
export function usePaletteContent(siteId: string | undefined, query: string): ContentHit[] {
  const qc = useQueryClient()
  const [q] = useDebouncedValue(query.trim(), 200)
  const result = useQuery({
    queryKey: ['site', siteId ?? '', 'palette', q],
    enabled: siteId !== undefined && q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async (): Promise<ContentHit[]> => {
      const site = siteId!
      const locales = await qc.ensureQueryData({
        queryKey: ['site', site, 'locales'],
        queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: site } } })).data!,
      })
      const searches = locales.map(async (l) => {
        const res = await api().GET('/api/v1/sites/{site_id}/search', { params: { path: { site_id: site }, query: { q, locale: l.code, per_page: PER_KIND } } })
        return res.data?.data ?? []
      })
      const media = api()
        .GET('/api/v1/sites/{site_id}/media', { params: { path: { site_id: site }, query: { search: q, per_page: PER_KIND } } })
        .then((res) => res.data?.data ?? [])
      const [perLocale, files] = await Promise.all([Promise.all(searches), media])
      const best = new Map<string, { hit: ContentHit; rank: number }>()
      for (const hit of perLocale.flat()) {
        const key = `${hit.type}:${hit.id}`
        const title = hit.title ?? hit.slug ?? hit.route ?? ''
        if ((best.get(key)?.rank ?? -1) < hit.rank) best.set(key, { hit: { type: hit.type, id: hit.id, title }, rank: hit.rank })
      }
      const content = [...best.values()].sort((a, b) => b.rank - a.rank).map((b) => b.hit)
      return [...content, ...files.map((m): ContentHit => ({ type: 'media', id: m.id, title: m.filename }))]
    },
  })
  return q.length >= 2 ? (result.data ?? []) : []
}
