import { Type, type Static } from 'typebox'
import { PageQuerySchema } from '../../http/pagination.js'
import { Body, COMPONENT_NAME, Int, LocalizationBody, Nullable, PatchBody, Uuid, presenter } from '../../http/schemas.js'
import { wireRecord, CreateBody } from '../../http/records.js'

/*
 * Wire format of media records, their variants, per-locale metadata and media folders.
 */

export const MIME_CATEGORIES = ['image', 'video', 'audio', 'document', 'archive'] as const
export type MimeCategory = (typeof MIME_CATEGORIES)[number]
export const VARIANT_NAMES = ['thumbnail', 'small', 'medium', 'large'] as const

const MimeCategorySchema = Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio'), Type.Literal('document'), Type.Literal('archive')])

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name (not blank)' })
const DisplayOrder = Int({ minimum: -1_000_000, maximum: 1_000_000, description: 'Ascending sort key' })
const FileName = Type.String({ minLength: 1, maxLength: 255, description: 'The file name; directories and control characters are removed' })
const HttpUrl = Type.String({ minLength: 1, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$', description: 'An absolute http(s) URL' })

export const MediaFolder = wireRecord('MediaFolder', { site_id: Uuid, parent_id: Nullable(Uuid), name: Type.String(), display_order: Type.Integer() })
export type MediaFolder = Static<typeof MediaFolder>
export const presentMediaFolder = presenter(MediaFolder)
const folderFields = { name: Name, parent_id: Nullable(Uuid), display_order: DisplayOrder }
export const CreateMediaFolderBody = CreateBody(folderFields, ['name'])
export const UpdateMediaFolderBody = PatchBody(folderFields)
export const MediaFolderListQuery = Type.Object({})

export const MediaVariant = Type.Object(
  {
    variant: Type.Union([Type.Literal('thumbnail'), Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')]),
    width: Type.Integer(),
    height: Type.Integer(),
    size_bytes: Type.Integer(),
    mime_type: Type.String(),
    public_url: Type.String(),
  },
  { $id: 'MediaVariant' },
)
export type MediaVariant = Static<typeof MediaVariant>

export const Media = wireRecord('Media', {
  site_id: Uuid,
  folder_id: Nullable(Uuid),
  filename: Type.String({ description: 'The uploaded name, sanitised (last path segment, no control characters)' }),
  mime_type: Type.String({ description: 'Uploads: detected from the bytes; external records: as declared' }),
  mime_category: MimeCategorySchema,
  size_bytes: Nullable(Type.Integer({ description: 'Uploads: bytes; external records: as declared, or null' })),
  checksum: Nullable(Type.String({ description: 'SHA-256 of the bytes, lowercase hex; null for external records' })),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  is_global: Type.Boolean(),
  public_url: Type.String({
    description: 'Where the file is served: GET /media/files/{key} (absolute with ATRIUM_PUBLIC_URL), the S3 public base, or the external URL',
  }),
  variants: Type.Array(MediaVariant, {
    description: 'thumbnail, small, medium, large (only sizes below the original; none for SVG, animated or undecodable images)',
  }),
  focal_x: Type.Number({ minimum: 0, maximum: 1, description: 'The focal point from the left edge (0–1); crops keep it' }),
  focal_y: Type.Number({ minimum: 0, maximum: 1, description: 'The focal point from the top edge (0–1); crops keep it' }),
  image_url: Nullable(
    Type.String({
      description:
        'The rendition base of a stored image: GET /media/files/{key}?v=<focal version> on ATRIUM_PUBLIC_URL (also with S3); add w, h, fit, fmt, q. ' +
        'The `v` changes with the focal point, so caches never serve an old crop. null for other files, external records and undecodable images',
    }),
  ),
})
export type Media = Static<typeof Media>
export const pickMedia = presenter(Media)

/**
 * An image as delivery answers embed it (blog cover_image and header_image, page section cover_image), beside the id
 * field that names it: enough to build a srcset without another call. null when the id is null or names no live record.
 */
export const EmbeddedImage = Type.Object(
  {
    id: Uuid,
    filename: Type.String(),
    url: Type.String({ description: "The original file: the media record's public_url" }),
    image_url: Media.properties.image_url,
    mime_type: Type.String(),
    width: Nullable(Type.Integer()),
    height: Nullable(Type.Integer()),
    focal_x: Media.properties.focal_x,
    focal_y: Media.properties.focal_y,
    alt: Nullable(
      Type.String({
        description: "Alt text in the answer's locale (a list's `locale`, else the media site's default locale, else the first locale that has one)",
      }),
    ),
    alt_texts: Type.Record(Type.String(), Type.String(), { description: 'Alt text by locale code, for every locale that has one' }),
  },
  {
    // Named, not `$id`: one answer embeds it more than once (cover and header), and an `$id` must be unique in a schema.
    [COMPONENT_NAME]: 'EmbeddedImage',
    examples: [
      {
        id: '0b6f1c1e-8d5a-4c1e-9a43-3f2b7d1c9e10',
        filename: 'harbour.jpg',
        url: 'https://cms.example.com/api/v1/media/files/q7Zx2Lk9PqR4sT8vW1yB.jpg',
        image_url: 'https://cms.example.com/api/v1/media/files/q7Zx2Lk9PqR4sT8vW1yB.jpg?v=3f9a1c2b',
        mime_type: 'image/jpeg',
        width: 2400,
        height: 1600,
        focal_x: 0.62,
        focal_y: 0.4,
        alt: 'Boats in the harbour at dawn',
        alt_texts: { en: 'Boats in the harbour at dawn', de: 'Boote im Hafen bei Sonnenaufgang' },
      },
    ],
  },
)
export type EmbeddedImage = Static<typeof EmbeddedImage>

export const MediaMetadata = Type.Object(
  { id: Uuid, media_id: Uuid, locale_id: Uuid, alt_text: Nullable(Type.String()), caption: Nullable(Type.String()), title: Nullable(Type.String()) },
  { $id: 'MediaMetadata' },
)
export type MediaMetadata = Static<typeof MediaMetadata>

export const MediaDetail = Type.Object({ ...Media.properties, metadata: Type.Array(MediaMetadata) }, { $id: 'MediaDetail' })
export type MediaDetail = Static<typeof MediaDetail>

export const CreateMediaBody = Body(
  {
    site_id: Uuid,
    url: HttpUrl,
    mime_type: Type.String({
      minLength: 3,
      maxLength: 100,
      pattern: '^[a-z0-9.+-]+/[a-z0-9.+-]+$',
      description: 'The type of the external file; must be an accepted type (415)',
    }),
    filename: Type.Optional(FileName),
    folder_id: Type.Optional(Nullable(Uuid)),
    is_global: Type.Optional(Type.Boolean({ description: 'Needs Master on the site' })),
    width: Type.Optional(Nullable(Int({ minimum: 1, maximum: 1_000_000 }))),
    height: Type.Optional(Nullable(Int({ minimum: 1, maximum: 1_000_000 }))),
    size_bytes: Type.Optional(Nullable(Int({ minimum: 0 }))),
  },
  'A record of a file kept elsewhere (an external URL): nothing is fetched or stored.',
)
export type CreateMediaBody = Static<typeof CreateMediaBody>

const Focal = (edge: string) =>
  Type.Number({ minimum: 0, maximum: 1, description: `The focal point from the ${edge} edge (0–1): crops (fit=cover) keep it; 0.5 by default` })

export const UpdateMediaBody = PatchBody({
  filename: FileName,
  folder_id: Nullable(Uuid),
  is_global: Type.Boolean(),
  focal_x: Focal('left'),
  focal_y: Focal('top'),
})
export type UpdateMediaBody = Static<typeof UpdateMediaBody>

export const MediaListQuery = PageQuerySchema(10, {
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Words (prefixes) found in the filename or any locale's alt text, caption or title; all must match",
    }),
  ),
  mime_category: Type.Optional(MimeCategorySchema),
  folder_id: Type.Optional(Type.String({ format: 'uuid', description: 'Only the media directly in this folder' })),
})
export type MediaListQuery = Static<typeof MediaListQuery>

const metadataProps = {
  alt_text: Nullable(Type.String({ maxLength: 1000 })),
  caption: Nullable(Type.String({ maxLength: 5000 })),
  title: Nullable(Type.String({ maxLength: 500 })),
}
export const CreateMediaMetadataBody = LocalizationBody(metadataProps)
export const UpdateMediaMetadataBody = PatchBody(metadataProps)

/**
 * The multipart/form-data parts of POST /media/upload, in the order they must come (documentation only: the route
 * streams the parts itself, upload.service.ts checks them). Text fields first: they decide the sites and so the limit.
 */
export const UploadMediaForm = Type.Object(
  {
    site_ids: Type.String({
      contentMediaType: 'application/json',
      contentSchema: { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: 20, uniqueItems: true },
      description: "A JSON array of 1 to 20 site ids, as text (Author on each); the first site's record is the answer",
      examples: ['["0b6f3a55-1f0e-4c1b-9f0e-2d6c8e4a7b10"]'],
    }),
    folder_id: Type.Optional(Type.String({ format: 'uuid', description: "A media folder of one of the sites; files that site's record only" })),
    is_global: Type.Optional(Type.Enum(['true', 'false', '1', '0'], { default: 'false', description: 'Usable by every site; true needs Master' })),
    file: Type.String({
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      description: 'The file, after the fields (fields sent after it are not read); its type is detected from the bytes',
    }),
  },
  { examples: [{ site_ids: '["0b6f3a55-1f0e-4c1b-9f0e-2d6c8e4a7b10"]', is_global: 'false', file: '(binary)' }] },
)

/** The multipart/form-data part of PUT /media/{id}/file (documentation only: replace.service.ts reads it). */
export const ReplaceMediaFileForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      description: "The new file; its type is detected from the bytes and must be of the record's category (an image for an image)",
    }),
  },
  { examples: [{ file: '(binary)' }] },
)

export const MediaReference = Type.Object(
  {
    type: Type.Union([Type.Literal('blog'), Type.Literal('page')], { description: 'The kind of record that uses the file' }),
    id: Uuid,
    label: Type.String({ description: "The blog's title (default locale first, else its slug) or the page's route" }),
    field: Type.String({ description: '`cover_image_id`, `header_image_id` or `sections.cover_image_id`' }),
  },
  { $id: 'MediaReference' },
)
export type MediaReference = Static<typeof MediaReference>
