import type { Schemas } from '@atrium-cms/client'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { listAll } from '../../shared/api/listAll'
import { categoryResource, sharedQueries, tagResource } from '../../shared/api/queries'

export type Tag = Schemas['Tag']
export type Category = Schemas['Category']

const key = (siteId: string) => ['site', siteId, 'taxonomy'] as const

/*
 * Tags and categories (shared/api/resource, in shared/api/queries), both in the taxonomy group: any write refreshes its
 * lists, counts and posts, and the tag list and category tree the post editor shares.
 */

export const taxonomyQueries = {
  tags: (siteId: string) => sharedQueries.allTags(siteId),
  categories: (siteId: string) => sharedQueries.categoryTree(siteId),
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

export const getTerm = (kind: 'tag' | 'category', id: string): Promise<{ data: Tag | Category; etag: string | undefined }> =>
  kind === 'tag' ? tagResource.get(id) : categoryResource.get(id)

const tagBody = (v: TermValues) => ({ name: v.name.trim(), ...slugPart(v.slug) })
const categoryBody = (v: TermValues) => ({ ...tagBody(v), parent_id: v.parent_id ?? null, description: v.description?.trim() || null })

export function useTaxonomyMutations(siteId: string) {
  const queryClient = useQueryClient()
  const tags = tagResource.useMutations(siteId)
  const categories = categoryResource.useMutations(siteId)
  return {
    /** The form's save: an update of the term it opened (If-Match its ETag), else a create. */
    save: (kind: 'tag' | 'category', record: { id: string } | undefined, v: TermValues, etag: string | undefined): Promise<Tag | Category> =>
      kind === 'tag' ? tags.save(record, tagBody(v), etag) : categories.save(record, categoryBody(v), etag),
    deleteTag: tags.remove,
    deleteCategory: categories.remove,
    /** Moves every assignment (and a category's children) to `intoId`, then deletes the term; answers the kept term. */
    merge: useMutation({
      mutationFn: async ({ kind, id, intoId }: { kind: 'tag' | 'category'; id: string; intoId: string }): Promise<Tag | Category> => {
        const req = { params: { path: { id } }, body: { into_id: intoId } }
        return kind === 'tag' ? (await api().POST('/api/v1/tags/{id}/merge', req)).data! : (await api().POST('/api/v1/categories/{id}/merge', req)).data!
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: key(siteId) }),
    }),
  }
}
