import type { Ctx } from '../../core/context.js'
import type { MediaRow } from '../../db/schema/media.js'
import { focalVersion } from './rendition-params.rules.js'
import type { ImageRow } from '../../db/image-embed.js'
import { pickMedia, type EmbeddedImage, type Media } from './schemas.js'

/*
 * public_url of stored files: `/api/v1/media/files/{name}` (absolute under ATRIUM_PUBLIC_URL
 * when set), or with S3 and ATRIUM_S3_PUBLIC_URL `<that base>/<storage key>` (a public bucket or CDN). `name` is the
 * last segment of the opaque storage key; the route rebuilds the key from it.
 */

export const fileName = (key: string): string => key.slice(key.lastIndexOf('/') + 1)

export function fileUrl(ctx: Ctx, key: string): string {
  const { config } = ctx.deps
  if (ctx.deps.storage.kind === 's3' && config.s3.publicUrl) return `${config.s3.publicUrl}/${key}`
  return `${config.publicUrl}/api/v1/media/files/${fileName(key)}`
}

/** Types a rendition can be made of (SVG: answered as it is, whatever the parameters). */
const RENDERABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif', 'image/svg+xml'])

/**
 * The rendition base of a stored image (README.md, "Renditions"): always the file route on ATRIUM_PUBLIC_URL,
 * also with S3 (a bucket cannot transform), with the focal version as `v`. null when no rendition can be made.
 */
export function imageUrl(ctx: Ctx, row: Pick<MediaRow, 'storage_key' | 'mime_type' | 'width' | 'focal_x' | 'focal_y'>): string | null {
  if (!row.storage_key || !RENDERABLE.has(row.mime_type)) return null
  if (row.width === null && row.mime_type !== 'image/svg+xml') return null
  return `${ctx.deps.config.publicUrl}/api/v1/media/files/${fileName(row.storage_key)}?v=${focalVersion(row.focal_x, row.focal_y)}`
}

/** The wire form of a media record. */
export function presentMedia(ctx: Ctx, row: MediaRow): Media {
  return pickMedia({
    ...row,
    image_url: imageUrl(ctx, row),
    public_url: row.storage_key ? fileUrl(ctx, row.storage_key) : (row.external_url ?? ''),
    variants: row.variants.map((v) => ({
      variant: v.variant,
      width: v.width,
      height: v.height,
      size_bytes: v.size_bytes,
      mime_type: v.mime_type,
      public_url: fileUrl(ctx, v.key),
    })),
  })
}

/** An embedded image (db/image-embed.ts) as delivery answers carry it; null stays null. */
export function presentImage(ctx: Ctx, row: ImageRow | null): EmbeddedImage | null {
  if (!row) return null
  return {
    id: row.id,
    filename: row.filename,
    url: row.storage_key ? fileUrl(ctx, row.storage_key) : (row.external_url ?? ''),
    image_url: imageUrl(ctx, row),
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    focal_x: row.focal_x,
    focal_y: row.focal_y,
    alt: row.alt,
    alt_texts: row.alt_texts,
  }
}
