import { etagOf, type Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { ifMatch } from '../../shared/api/wire'
import { listAll } from '../../shared/api/listAll'

export type Tag = Schemas['Tag']
export type Category = Schemas['Category']

const key = (siteId: string) => ['site', siteId, 'taxonomy'] as const

/** Every live category of the site: the roots, then the children of each, level by level. */
async function allCategories(siteId: string): Promise<Category[]> {
  const roots = await listAll<Category>((page) =>
    api().GET('/api/v1/sites/{site_id}/categories', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } }),
  )
  const out = [...roots]
  let level = roots
  while (level.length > 0) {
    const next = await Promise.all(
      level.map(async (c) => (await api().GET('/api/v1/categories/{parent_id}/children', { params: { path: { parent_id: c.id } } })).data!),
    )
    level = next.flat()
    out.push(...level)
  }
  return out
}

export const taxonomyQueries = {
  tags: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'tags'],
      queryFn: () =>
        listAll<Tag>((page) => api().GET('/api/v1/sites/{site_id}/tags', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } })),
    }),
  categories: (siteId: string) => queryOptions({ queryKey: [...key(siteId), 'categories'], queryFn: () => allCategories(siteId) }),
  /** Published blogs per category (the API's own count). */
  publishedCounts: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'published-counts'],
      queryFn: async () => {
        const rows = (await api().GET('/api/v1/sites/{site_id}/categories/blog-counts', { params: { path: { site_id: siteId } } })).data!
        return new Map(rows.map((r) => [r.id, r.blog_count]))
      },
    }),
  /** The site's posts of any status with the terms they carry (for "in use" before a delete). */
  posts: (siteId: string) =>
    queryOptions({
      queryKey: [...key(siteId), 'posts'],
      queryFn: () =>
        listAll<Schemas['BlogListItem']>((page) =>
          api().GET('/api/v1/sites/{site_id}/blogs', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } }),
        ),
    }),
}

export interface TermValues {
  name: string
  slug: string
  parent_id?: string | null
  description?: string | null
}

const slugPart = (slug: string) => (slug.trim() === '' ? {} : { slug: slug.trim() })

export async function getTerm(kind: 'tag' | 'category', id: string): Promise<{ data: Tag | Category; etag: string | undefined }> {
  const res =
    kind === 'tag'
      ? await api().GET('/api/v1/tags/{id}', { params: { path: { id } } })
      : await api().GET('/api/v1/categories/{id}', { params: { path: { id } } })
  return { data: res.data!, etag: etagOf(res) }
}

export function useTaxonomyMutations(siteId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: key(siteId) })
  return {
    createTag: useMutation({
      mutationFn: async (v: TermValues) => (await api().POST('/api/v1/tags', { body: { site_id: siteId, name: v.name.trim(), ...slugPart(v.slug) } })).data!,
      onSettled,
    }),
    updateTag: useMutation({
      mutationFn: async ({ id, v, etag }: { id: string; v: TermValues; etag: string | undefined }) =>
        (await api().PUT('/api/v1/tags/{id}', { params: { path: { id }, header: ifMatch(etag) }, body: { name: v.name.trim(), ...slugPart(v.slug) } })).data!,
      onSettled,
    }),
    deleteTag: useMutation({ mutationFn: async (id: string) => void (await api().DELETE('/api/v1/tags/{id}', { params: { path: { id } } })), onSettled }),
    createCategory: useMutation({
      mutationFn: async (v: TermValues) =>
        (
          await api().POST('/api/v1/categories', {
            body: { site_id: siteId, name: v.name.trim(), ...slugPart(v.slug), parent_id: v.parent_id ?? null, description: v.description?.trim() || null },
          })
        ).data!,
      onSettled,
    }),
    updateCategory: useMutation({
      mutationFn: async ({ id, v, etag }: { id: string; v: TermValues; etag: string | undefined }) =>
        (
          await api().PUT('/api/v1/categories/{id}', {
            params: { path: { id }, header: ifMatch(etag) },
            body: { name: v.name.trim(), ...slugPart(v.slug), parent_id: v.parent_id ?? null, description: v.description?.trim() || null },
          })
        ).data!,
      onSettled,
    }),
    deleteCategory: useMutation({
      mutationFn: async (id: string) => void (await api().DELETE('/api/v1/categories/{id}', { params: { path: { id } } })),
      onSettled,
    }),
    /** Moves every assignment (and a category's children) to `intoId`, then deletes the term; answers the kept term. */
    merge: useMutation({
      mutationFn: async ({ kind, id, intoId }: { kind: 'tag' | 'category'; id: string; intoId: string }): Promise<Tag | Category> => {
        const req = { params: { path: { id } }, body: { into_id: intoId } }
        return kind === 'tag' ? (await api().POST('/api/v1/tags/{id}/merge', req)).data! : (await api().POST('/api/v1/categories/{id}/merge', req)).data!
      },
      onSettled,
    }),
  }
}
