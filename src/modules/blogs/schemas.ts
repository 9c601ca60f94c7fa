import { Type, type Static } from 'typebox'
import { BulkBody as ContentBulkBody, ContentStatusSchema, bulkResult } from '../../http/content-schemas.js'
import { LimitOffsetQuerySchema, PageQuerySchema } from '../../http/pagination.js'
import { AttachedDocument } from '../documents/schemas.js'
import { EmbeddedImage } from '../media/schemas.js'
import { Body, DateOnly, LocalizationBody, MediaRef, Nullable, NullableTimestamp, PatchBody, Slug, Uuid } from '../../http/schemas.js'
import { wireRecord, localizationRecord, SiteIds } from '../../http/records.js'

export { BULK_ACTIONS, BULK_MAX_IDS, ContentStatusSchema } from '../../http/content-schemas.js'

/** The blog as GET /blogs/{id} answers it. site_ids: owning site first. */
export const Blog = wireRecord('Blog', {
  content_id: Uuid,
  site_id: Uuid,
  site_ids: Type.Array(Uuid),
  slug: Type.String(),
  author: Nullable(Type.String()),
  status: ContentStatusSchema,
  published_date: Nullable(DateOnly),
  published_at: NullableTimestamp,
  publish_start: NullableTimestamp,
  publish_end: NullableTimestamp,
  is_featured: Type.Boolean(),
  allow_comments: Type.Boolean(),
  reading_time_minutes: Type.Integer(),
  cover_image_id: Nullable(Uuid),
  header_image_id: Nullable(Uuid),
})
export type Blog = Static<typeof Blog>

export const BlogLocalization = localizationRecord('BlogLocalization', 'content_id', {
  title: Nullable(Type.String()),
  subtitle: Nullable(Type.String()),
  excerpt: Nullable(Type.String()),
  body: Nullable(Type.String({ description: 'Markdown' })),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  translation_status: Type.String(),
})
export type BlogLocalization = Static<typeof BlogLocalization>

export const TagRef = Type.Object({ id: Uuid, name: Type.String(), slug: Type.String() }, { $id: 'TagRef' })
export type TagRef = Static<typeof TagRef>
export const CategoryRef = Type.Object({ id: Uuid, name: Type.String(), slug: Type.String(), is_primary: Type.Boolean() }, { $id: 'CategoryRef' })
export type CategoryRef = Static<typeof CategoryRef>
/** An attached document (documents module): the document with its display_order. */
export const BlogDocument = AttachedDocument
export type BlogDocument = AttachedDocument

/** The images a delivery answer embeds beside their ids (null when the id is null or names no live media record). */
const BlogImages = {
  cover_image: Type.Union([EmbeddedImage, Type.Null()], {
    description: 'The image cover_image_id names; null when none, or when it names no live media record',
  }),
  header_image: Type.Union([EmbeddedImage, Type.Null()], {
    description: 'The image header_image_id names; null when none, or when it names no live media record',
  }),
}

export const BlogListItem = Type.Object(
  {
    ...Blog.properties,
    ...BlogImages,
    title: Nullable(Type.String()),
    subtitle: Nullable(Type.String()),
    excerpt: Nullable(Type.String()),
    locale: Nullable(Type.String({ description: 'Code of the locale that filled title, subtitle and excerpt; null when the blog has no localization' })),
    locale_ids: Type.Array(Uuid, { description: 'Ids of the locales the blog has a localization in, default locale first, then by code' }),
    tags: Type.Array(TagRef),
    categories: Type.Array(CategoryRef),
  },
  { $id: 'BlogListItem' },
)
export type BlogListItem = Static<typeof BlogListItem>

export const BlogDetail = Type.Object(
  {
    ...Blog.properties,
    ...BlogImages,
    localizations: Type.Array(BlogLocalization),
    categories: Type.Array(CategoryRef),
    tags: Type.Array(TagRef),
    documents: Type.Array(BlogDocument),
  },
  { $id: 'BlogDetail' },
)
export type BlogDetail = Static<typeof BlogDetail>

// ---- requests ----

/** Optional text: null (or omitted on create) stores NULL; a client clears a field with null. */
const Text = (max: number) => Nullable(Type.String({ maxLength: max }))
const Author = Nullable(Type.String({ maxLength: 200 }))
const DateTime = Type.String({ format: 'date-time' })

const localizationProps = {
  title: Text(500),
  subtitle: Text(500),
  excerpt: Text(5000),
  body: Nullable(Type.String({ maxLength: 500_000, description: 'Markdown' })),
  meta_title: Text(500),
  meta_description: Text(2000),
  translation_status: Type.String({ minLength: 1, maxLength: 50, description: 'Free text; Draft when omitted' }),
}

export const CreateLocalizationBody = LocalizationBody(localizationProps)
export type CreateLocalizationBody = Static<typeof CreateLocalizationBody>

export const UpdateLocalizationBody = PatchBody(localizationProps)
export type UpdateLocalizationBody = Static<typeof UpdateLocalizationBody>

const blogProps = {
  slug: Slug,
  author: Author,
  status: ContentStatusSchema,
  published_date: Nullable(DateOnly),
  publish_start: Nullable(DateTime),
  publish_end: Nullable(DateTime),
  is_featured: Type.Boolean(),
  allow_comments: Type.Boolean(),
  cover_image_id: Nullable(MediaRef()),
  header_image_id: Nullable(MediaRef()),
}

export const CreateBlogBody = Body(
  {
    site_ids: SiteIds,
    slug: Type.Optional(Slug),
    author: Type.Optional(Author),
    status: Type.Optional(ContentStatusSchema),
    published_date: Type.Optional(blogProps.published_date),
    publish_start: Type.Optional(blogProps.publish_start),
    publish_end: Type.Optional(blogProps.publish_end),
    is_featured: Type.Optional(Type.Boolean()),
    allow_comments: Type.Optional(Type.Boolean()),
    cover_image_id: Type.Optional(blogProps.cover_image_id),
    header_image_id: Type.Optional(blogProps.header_image_id),
    localizations: Type.Optional(Type.Array(CreateLocalizationBody, { maxItems: 50 })),
    template_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'A blog content template of the owning site: fills the fields it holds that the body does not give (see createContentTemplate)',
      }),
    ),
  },
  'site_ids: the first is the owning site, the others also publish the blog. status defaults to Draft. ' +
    'slug (optional): generated from the title of the default-locale localization (else the first titled one), transliterated to ' +
    'a-z, 0-9 and hyphens (`post-<6 hex>` when nothing transliterates), with -2, -3, … when taken; without slug and title, 400 on slug. ' +
    'localizations (optional) are created in the same transaction; their locales must belong to the owning site. ' +
    'template_id (optional): a live blog template of the owning site fills author, is_featured, allow_comments, cover_image_id and ' +
    'header_image_id when the body does not give them, and per locale the localized fields of template_data.localizations ' +
    "([{ locale | locale_id, title, body, … }]) the body does not give (adding its other locales); another site's, a page or a deleted template is a 400 on template_id.",
)
export type CreateBlogBody = Static<typeof CreateBlogBody>

export const UpdateBlogBody = PatchBody(blogProps)
export type UpdateBlogBody = Static<typeof UpdateBlogBody>

export const BulkBody = ContentBulkBody
export type BulkBody = Static<typeof BulkBody>
export const BulkResult = bulkResult('Blog')
export type BulkResult = Static<typeof BulkResult>

// ---- params and queries ----

const LocaleQuery = Type.Optional(
  Type.String({ minLength: 2, maxLength: 35, description: 'Locale code filling title/subtitle/excerpt; the default locale when absent or missing' }),
)

/** Orders of GET /sites/{site_id}/blogs: a field ascending, or descending with a leading '-'. */
export const BLOG_LIST_SORTS = ['-created_at', 'created_at', '-updated_at', 'updated_at', '-published_date', 'published_date', 'title', '-title'] as const
export type BlogListSort = (typeof BLOG_LIST_SORTS)[number]
export const BLOG_LIST_DEFAULT_SORT: BlogListSort = '-created_at'

export const ListBlogsQuery = PageQuerySchema(10, {
  status: Type.Optional(ContentStatusSchema),
  locale: LocaleQuery,
  author: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only blogs whose author is exactly this text (case-sensitive)' })),
  tag: Type.Optional(Type.String({ format: 'uuid', description: 'Only blogs with this tag (a tag id; a deleted or unknown tag lists nothing)' })),
  category: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'Only blogs in this category or any of its descendants (a category id; a deleted or unknown category lists nothing)',
    }),
  ),
  sort: Type.Optional(
    Type.Enum(BLOG_LIST_SORTS, {
      description:
        `Order: ${BLOG_LIST_SORTS.join(', ')} (a leading '-' is descending; default ${BLOG_LIST_DEFAULT_SORT}, newest created first). ` +
        'Ties break on the blog id in the same direction; published_date puts blogs without one last either way (ties: published_at, created_at); ' +
        'title is the case-insensitive title of the localization a list item shows (the `locale` query, else the default locale, else the oldest), untitled blogs last.',
    }),
  ),
})
export type ListBlogsQuery = Static<typeof ListBlogsQuery>
export const PublishedQuery = PageQuerySchema(10, { locale: LocaleQuery })
export type PublishedQuery = Static<typeof PublishedQuery>
export const FEATURED_DEFAULT_LIMIT = 10
export const FeaturedQuery = Type.Object({ ...LimitOffsetQuerySchema(FEATURED_DEFAULT_LIMIT, 100).properties, locale: LocaleQuery })
export type FeaturedQuery = Static<typeof FeaturedQuery>
export const LocaleOnlyQuery = Type.Object({ locale: LocaleQuery })
export type LocaleOnlyQuery = Static<typeof LocaleOnlyQuery>

export const SiteSlugParams = Type.Object({ site_id: Uuid, slug: Type.String({ minLength: 1, maxLength: 200 }) })
