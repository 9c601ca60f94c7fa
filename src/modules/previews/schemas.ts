import { Type, type Static } from 'typebox'
import { Body, Int, Nullable, Timestamp, Uuid } from '../../http/schemas.js'
import { PREVIEW_TYPES } from '../../db/schema/previews.js'
import { BlogDetail } from '../blogs/schemas.js'
import { PageDetail } from '../pages/schemas.js'

export const PREVIEW_MIN_SECONDS = 60
export const PREVIEW_MAX_SECONDS = 604_800
export const PREVIEW_DEFAULT_SECONDS = 3600

const PreviewType = Type.Enum(PREVIEW_TYPES, { description: 'What the record is: a blog post or a page' })

/** A live preview as listed: never its token (shown once, at creation). */
export const Preview = Type.Object(
  {
    id: Uuid,
    site_id: Uuid,
    type: PreviewType,
    record_id: Uuid,
    locale: Nullable(Type.String({ description: 'Locale code the preview shows (the site default unless one was asked for)' })),
    expires_at: Timestamp,
    created_at: Timestamp,
  },
  { $id: 'Preview' },
)
export type Preview = Static<typeof Preview>

export const CreatedPreview = Type.Object(
  {
    id: Uuid,
    token: Type.String({ description: '`prv_` + 43 base64url characters; shown only here. Send it as `X-Preview-Token` to GET /preview' }),
    type: PreviewType,
    record_id: Uuid,
    locale: Nullable(Type.String()),
    expires_at: Timestamp,
    url: Nullable(Type.String({ description: "The site's preview_url with the placeholders filled in, or null when the site has none" })),
  },
  { $id: 'CreatedPreview' },
)
export type CreatedPreview = Static<typeof CreatedPreview>

export const CreatePreviewBody = Body(
  {
    type: PreviewType,
    id: Uuid,
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'A locale code of the site; default: its default locale' })),
    expires_in: Type.Optional(
      Int({ minimum: PREVIEW_MIN_SECONDS, maximum: PREVIEW_MAX_SECONDS, description: `Lifetime in seconds (default ${PREVIEW_DEFAULT_SECONDS})` }),
    ),
  },
  { examples: [{ type: 'blog', id: '0190a4b2-7c1e-7d3a-9b1f-2f6c8e4d5a10', expires_in: 3600 }] },
)
export type CreatePreviewBody = Static<typeof CreatePreviewBody>

export const ListPreviewsQuery = Type.Object({
  type: Type.Optional(PreviewType),
  record_id: Type.Optional(Uuid),
})
export type ListPreviewsQuery = Static<typeof ListPreviewsQuery>

export const PreviewTokenQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200, description: 'The preview token, when the X-Preview-Token header cannot be sent' })),
})

/** GET /preview: the record exactly as its public read answers it (blog by slug, page by route), in its latest saved state. */
export const PreviewRead = Type.Object(
  {
    type: PreviewType,
    locale: Nullable(Type.String()),
    expires_at: Timestamp,
    data: Type.Union([BlogDetail, PageDetail], { description: 'type blog: the BlogDetail of blogs/by-slug; type page: the PageDetail of pages/by-route' }),
  },
  { $id: 'PreviewRead' },
)
