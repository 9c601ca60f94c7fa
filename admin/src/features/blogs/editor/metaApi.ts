import type { Schemas } from '@atrium-cms/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api/client'
import { documentResource, sharedQueries } from '../../../shared/api/queries'

/*
 * The post's taxonomy, attachments, clone and delete. Categories and tags are assigned to the post's content record
 * (POST/DELETE /content/{content_id}/categories|tags, decisions.md "Content"); documents attach to the blog
 * (/blogs/{blog_id}/documents). None of these changes the blog record's ETag, so they do not go through its save queue:
 * each is one request, shown pessimistically (the list updates with the server's answer).
 */

export type Category = Schemas['Category']
export type ContentCategory = Schemas['ContentCategory']
export type Tag = Schemas['Tag']
export type SiteDocument = Schemas['Document']
export type AttachedDocument = Schemas['AttachedDocument']

/** One function for every render: the picker's list is sorted again only when the tags change. */
const byName = (tags: Tag[]) => [...tags].sort((a, b) => a.name.localeCompare(b.name))

export const metaQueries = {
  /** The site's category tree, the taxonomy screen's own cache entry (shared/api/queries): a taxonomy change refreshes it. */
  categories: (siteId: string) => queryOptions({ ...sharedQueries.categoryTree(siteId), staleTime: 60_000 }),
  /** Every tag of the site by name, the taxonomy screen's own cache entry (shared/api/queries): a taxonomy change refreshes it. */
  tags: (siteId: string) => queryOptions({ ...sharedQueries.allTags(siteId), select: byName, staleTime: 60_000 }),
  /** Every document of the site (the documents feature's resource, shared/api/queries), to attach one. */
  documents: (siteId: string) => queryOptions({ ...documentResource.all(siteId), staleTime: 60_000 }),
  postCategories: (siteId: string, contentId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'content', contentId, 'categories'],
      queryFn: async () => (await api().GET('/api/v1/content/{content_id}/categories', { params: { path: { content_id: contentId } } })).data!,
    }),
  postTags: (siteId: string, contentId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'content', contentId, 'tags'],
      queryFn: async () => (await api().GET('/api/v1/content/{content_id}/tags', { params: { path: { content_id: contentId } } })).data!,
    }),
  postDocuments: (siteId: string, blogId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'documents', blogId],
      queryFn: async () => (await api().GET('/api/v1/blogs/{blog_id}/documents', { params: { path: { blog_id: blogId } } })).data!,
    }),
}

export async function assignCategory(contentId: string, categoryId: string, isPrimary: boolean): Promise<void> {
  await api().POST('/api/v1/content/{content_id}/categories', {
    params: { path: { content_id: contentId } },
    body: { category_id: categoryId, is_primary: isPrimary },
  })
}
export async function unassignCategory(contentId: string, categoryId: string): Promise<void> {
  await api().DELETE('/api/v1/content/{content_id}/categories/{category_id}', { params: { path: { content_id: contentId, category_id: categoryId } } })
}
export async function assignTag(contentId: string, tagId: string): Promise<void> {
  await api().POST('/api/v1/content/{content_id}/tags', { params: { path: { content_id: contentId } }, body: { tag_id: tagId } })
}
export async function unassignTag(contentId: string, tagId: string): Promise<void> {
  await api().DELETE('/api/v1/content/{content_id}/tags/{tag_id}', { params: { path: { content_id: contentId, tag_id: tagId } } })
}
export async function createTag(siteId: string, name: string): Promise<Tag> {
  return (await api().POST('/api/v1/tags', { body: { site_id: siteId, name } })).data!
}
export async function createCategory(siteId: string, name: string): Promise<Category> {
  return (await api().POST('/api/v1/categories', { body: { site_id: siteId, name } })).data!
}
export async function attachDocument(blogId: string, documentId: string, displayOrder: number): Promise<void> {
  await api().POST('/api/v1/blogs/{blog_id}/documents', {
    params: { path: { blog_id: blogId } },
    body: { document_id: documentId, display_order: displayOrder },
  })
}
export async function detachDocument(blogId: string, documentId: string): Promise<void> {
  await api().DELETE('/api/v1/blogs/{blog_id}/documents/{doc_id}', { params: { path: { blog_id: blogId, doc_id: documentId } } })
}
export async function cloneBlog(blogId: string): Promise<Schemas['Blog']> {
  return (await api().POST('/api/v1/blogs/{id}/clone', { params: { path: { id: blogId } } })).data!
}
export async function deleteBlog(blogId: string): Promise<void> {
  await api().DELETE('/api/v1/blogs/{id}', { params: { path: { id: blogId } } })
}
