import sharp from 'sharp'
import type { StoredVariant } from '../../db/schema/media.js'
import type { Storage } from '../../platform/storage/index.js'

/*
 * Image variants (decisions.md "Media"): thumbnail (fits a 150 px box), small (480 px wide), medium (960), large
 * (1920), never upscaled: a size is made only when the original is larger (the thumbnail whenever the image is
 * larger than the box). EXIF orientation is applied. JPEG originals give JPEG variants, every other format WebP
 * (keeps transparency). SVG, animated images (more than one frame) and images sharp cannot decode get none: a
 * truncated or corrupt image is stored as uploaded, with width/height null and no variants, never a 500.
 * Made inline, from the spooled upload (see upload.service.ts for the figures).
 */

const SIZES: ReadonlyArray<{ variant: StoredVariant['variant']; box?: number; width?: number }> = [
  { variant: 'thumbnail', box: 150 },
  { variant: 'small', width: 480 },
  { variant: 'medium', width: 960 },
  { variant: 'large', width: 1920 },
]

/** Formats sharp decodes that get variants (BMP and ICO are not decoded by libvips). */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff'])

export interface ImageInfo {
  width: number | null
  height: number | null
  variants: StoredVariant[]
}

/** Width and height (EXIF orientation applied) and whether the image is animated; undefined when undecodable. */
async function probe(file: string): Promise<{ width: number; height: number; animated: boolean } | undefined> {
  try {
    const m = await sharp(file, { failOn: 'error' }).metadata()
    if (!m.width || !m.height) return undefined
    const rotated = (m.orientation ?? 1) >= 5
    return { width: rotated ? m.height : m.width, height: rotated ? m.width : m.height, animated: (m.pages ?? 1) > 1 }
  } catch {
    return undefined
  }
}

/** Dimensions of an image file and its variants, stored under `<key>-<variant>.<ext>`. Non-images: nulls. */
export async function makeVariants(storage: Storage, file: string, mime: string, key: string): Promise<ImageInfo> {
  if (!DECODABLE.has(mime)) return { width: null, height: null, variants: [] }
  const info = await probe(file)
  if (!info) return { width: null, height: null, variants: [] }
  if (info.animated) return { width: info.width, height: info.height, variants: [] }
  const jpeg = mime === 'image/jpeg'
  const out: StoredVariant[] = []
  try {
    for (const s of SIZES) {
      const needed = s.box ? info.width > s.box || info.height > s.box : info.width > (s.width ?? 0)
      if (!needed) continue
      let pipeline = sharp(file, { failOn: 'error' }).rotate()
      pipeline = s.box
        ? pipeline.resize({ width: s.box, height: s.box, fit: 'inside', withoutEnlargement: true })
        : pipeline.resize({ width: s.width, withoutEnlargement: true })
      pipeline = jpeg ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 })
      const { data, info: made } = await pipeline.toBuffer({ resolveWithObject: true })
      const variantKey = `${key}-${s.variant}.${jpeg ? 'jpg' : 'webp'}`
      await storage.put(variantKey, data, { contentType: jpeg ? 'image/jpeg' : 'image/webp' })
      out.push({ variant: s.variant, width: made.width, height: made.height, size_bytes: data.length, mime_type: jpeg ? 'image/jpeg' : 'image/webp', key: variantKey })
    }
  } catch {
    // A file sharp reads the header of but cannot decode whole (truncated): keep it without variants.
    await Promise.all(out.map((v) => storage.delete(v.key).catch(() => undefined)))
    return { width: info.width, height: info.height, variants: [] }
  }
  return { width: info.width, height: info.height, variants: out }
}
