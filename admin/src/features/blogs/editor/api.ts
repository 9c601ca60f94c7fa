import type { Schemas } from '@atrium-cms/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../shared/api/client'
import { ifMatch, orNull } from '../../../shared/api/wire'
import { contentWorkflow, updateContent, versioned } from '../../../shared/editor/contentWrites'
import type { Versioned } from '../../../shared/editor/useWorkflowAction'

/*
 * The editor's calls. The blog record and each localization are separate records with their own ETags (decisions.md
 * "Wire format"): the blog (slug, author, featured, status) saves through PUT /blogs/{id}, each locale through
 * PUT /blogs/localizations/{loc_id} (POST /blogs/{id}/localizations the first time), every PUT with If-Match
 * (the writes every editor shares: shared/editor/contentWrites.ts).
 */

export type BlogDetail = Schemas['BlogDetail']
export type Blog = Schemas['Blog']
export type BlogLocalization = Schemas['BlogLocalization']
export type Locale = Schemas['Locale']
export type BlogStatus = Blog['status']

/** The blog's own fields the editor edits (one record, one save queue). */
export interface BlogValues {
  slug: string
  author: string
  is_featured: boolean
  cover_image_id: string | null
  header_image_id: string | null
  /** Instants (ISO 8601, UTC) or null; the schedule panel edits them in the site's time zone. */
  publish_start: string | null
  publish_end: string | null
}

/** One localization's fields (one record per locale, one save queue each). */
export interface LocValues {
  title: string
  subtitle: string
  excerpt: string
  body: string
  meta_title: string
  meta_description: string
  translation_status: string
}

export const emptyLoc = (): LocValues => ({ title: '', subtitle: '', excerpt: '', body: '', meta_title: '', meta_description: '', translation_status: 'Draft' })

export const blogValuesOf = (
  b: Pick<Blog, 'slug' | 'author' | 'is_featured' | 'cover_image_id' | 'header_image_id' | 'publish_start' | 'publish_end'>,
): BlogValues => ({
  slug: b.slug,
  author: b.author ?? '',
  is_featured: b.is_featured,
  cover_image_id: b.cover_image_id ?? null,
  header_image_id: b.header_image_id ?? null,
  publish_start: instantOf(b.publish_start),
  publish_end: instantOf(b.publish_end),
})

/** One spelling per instant (toISOString), so a value read back compares equal to the one saved. */
const instantOf = (iso: string | null | undefined): string | null => (iso ? new Date(iso).toISOString() : null)

export const locValuesOf = (l: Partial<BlogLocalization> | undefined): LocValues =>
  l
    ? {
        title: l.title ?? '',
        subtitle: l.subtitle ?? '',
        excerpt: l.excerpt ?? '',
        body: l.body ?? '',
        meta_title: l.meta_title ?? '',
        meta_description: l.meta_description ?? '',
        translation_status: l.translation_status ?? 'Draft',
      }
    : emptyLoc()

export const locBody = (v: LocValues) => ({
  title: orNull(v.title),
  subtitle: orNull(v.subtitle),
  excerpt: orNull(v.excerpt),
  body: orNull(v.body),
  meta_title: orNull(v.meta_title),
  meta_description: orNull(v.meta_description),
  translation_status: v.translation_status.trim() === '' ? 'Draft' : v.translation_status,
})

export type Loaded<T> = Versioned<T>

export const editorQueries = {
  detail: (siteId: string, id: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'blogs', 'editor', id],
      queryFn: async (): Promise<Loaded<BlogDetail>> => versioned(await api().GET('/api/v1/blogs/{id}/detail', { params: { path: { id } } })),
      // The editor owns its copy while open: a refetch must never replace what the form holds.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
}

export async function createBlog(siteId: string, blog: BlogValues, slugTyped: boolean, localeId: string, loc: LocValues): Promise<Loaded<Blog>> {
  const res = await api().POST('/api/v1/blogs', {
    body: {
      site_ids: [siteId],
      ...(slugTyped && blog.slug !== '' ? { slug: blog.slug } : {}),
      author: orNull(blog.author),
      is_featured: blog.is_featured,
      cover_image_id: blog.cover_image_id,
      header_image_id: blog.header_image_id,
      ...(blog.publish_start ? { publish_start: blog.publish_start } : {}),
      ...(blog.publish_end ? { publish_end: blog.publish_end } : {}),
      status: 'Draft',
      localizations: [{ locale_id: localeId, ...locBody(loc) }],
    },
  })
  return versioned(res)
}

export const saveBlogValues = (id: string, v: BlogValues, etag: string | undefined) =>
  updateContent(
    'blogs',
    id,
    {
      slug: v.slug,
      author: orNull(v.author),
      is_featured: v.is_featured,
      cover_image_id: v.cover_image_id,
      header_image_id: v.header_image_id,
      publish_start: v.publish_start,
      publish_end: v.publish_end,
    },
    etag,
  )

export async function createLocalization(blogId: string, localeId: string, v: LocValues): Promise<Loaded<BlogLocalization>> {
  return versioned(await api().POST('/api/v1/blogs/{id}/localizations', { params: { path: { id: blogId } }, body: { locale_id: localeId, ...locBody(v) } }))
}

export async function updateLocalization(locId: string, v: LocValues, etag: string | undefined): Promise<Loaded<BlogLocalization>> {
  return versioned(await api().PUT('/api/v1/blogs/localizations/{loc_id}', { params: { path: { loc_id: locId }, header: ifMatch(etag) }, body: locBody(v) }))
}

/** The workflow of one post (shared/editor/useWorkflowAction): status changes and reviews of the blog record. */
export const blogWorkflow = (id: string, siteId: string) => contentWorkflow('blogs', id, siteId, blogValuesOf)
