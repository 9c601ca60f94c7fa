import type { Sharp } from 'sharp'
import type { StoredVariant } from '../../db/schema/media.js'
import { availableParallelism } from 'node:os'
import { ImageSlots } from '../../platform/image-slots.js'
import type { Storage } from '../../platform/storage/index.js'
import { loadSharp, type SharpLib } from './sharp.service.js'

/*
 * Image variants: thumbnail (fits a 150 px box), small (480 px wide), medium (960), large
 * (1920), never upscaled: a size is made only when the original is larger (the thumbnail whenever the image is
 * larger than the box). EXIF orientation is applied. JPEG originals give JPEG variants, every other format WebP
 * (keeps transparency). SVG, animated images (more than one frame) and images sharp cannot decode get none: a
 * truncated or corrupt image is stored as uploaded, with width/height null and no variants, never a 500.
 * Made inline, from the spooled upload: the original is decoded once (JPEG shrink-on-load) for the largest size and
 * each smaller size is resized from the one before, so a 24 MP, 21.7 MB JPEG gets all four in 0.3–0.55 s and a 6 MP one
 * in ~0.15 s on the 2-core dev machine; the upload answer waits for that. (mozjpeg would cost 5× as much: not used.)
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
async function probe(sharp: SharpLib, file: string): Promise<{ width: number; height: number; animated: boolean } | undefined> {
  try {
    const m = await sharp(file, { failOn: 'error' }).metadata()
    if (!m.width || !m.height) return undefined
    const rotated = (m.orientation ?? 1) >= 5
    return { width: rotated ? m.height : m.width, height: rotated ? m.width : m.height, animated: (m.pages ?? 1) > 1 }
  } catch {
    return undefined
  }
}

/**
 * Dimensions of an image file and its variants, stored under `<key>-<variant>.<ext>`. Non-images: nulls. Made in one
 * of `slots`, the instance's line of image work that renditions share (ATRIUM_IMAGE_CONCURRENCY): a burst of uploads
 * queues there instead of each decoding a full-size picture at once (bounded memory), and uploads and renditions
 * together never take more cores than the line allows. An upload waits its turn as long as it takes.
 */
export async function makeVariants(storage: Storage, file: string, mime: string, key: string, slots: ImageSlots = fallbackSlots): Promise<ImageInfo> {
  if (!DECODABLE.has(mime)) return { width: null, height: null, variants: [] }
  return slots.run(() => variantsOf(storage, file, mime, key))
}

/** The line of callers without an instance at hand (a site import): one a core, as the instance default. */
const fallbackSlots = new ImageSlots(availableParallelism())

async function variantsOf(storage: Storage, file: string, mime: string, key: string): Promise<ImageInfo> {
  const sharp = await loadSharp()
  const info = await probe(sharp, file)
  if (!info) return { width: null, height: null, variants: [] }
  if (info.animated) return { width: info.width, height: info.height, variants: [] }
  const jpeg = mime === 'image/jpeg'
  const out: StoredVariant[] = []
  // Largest first: the file is decoded once (JPEG shrink-on-load), each smaller size comes from the previous one.
  let source: { file: string } | { raw: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 } = { file }
  try {
    for (const s of [...SIZES].reverse()) {
      const needed = s.box ? info.width > s.box || info.height > s.box : info.width > (s.width ?? 0)
      if (!needed) continue
      let pipeline: Sharp =
        'file' in source
          ? sharp(source.file, { failOn: 'error' }).rotate()
          : sharp(source.raw, { raw: { width: source.width, height: source.height, channels: source.channels } })
      pipeline = s.box
        ? pipeline.resize({ width: s.box, height: s.box, fit: 'inside', withoutEnlargement: true })
        : pipeline.resize({ width: s.width, withoutEnlargement: true })
      const { data: base, info: dims } = await pipeline.raw().toBuffer({ resolveWithObject: true })
      source = { raw: base, width: dims.width, height: dims.height, channels: dims.channels }
      const raw = { raw: { width: dims.width, height: dims.height, channels: dims.channels } }
      const encoded = jpeg ? sharp(base, raw).jpeg({ quality: 82 }) : sharp(base, raw).webp({ quality: 82 })
      const { data, info: made } = await encoded.toBuffer({ resolveWithObject: true })
      const variantKey = `${key}-${s.variant}.${jpeg ? 'jpg' : 'webp'}`
      await storage.put(variantKey, data, { contentType: jpeg ? 'image/jpeg' : 'image/webp' })
      out.unshift({
        variant: s.variant,
        width: made.width,
        height: made.height,
        size_bytes: data.length,
        mime_type: jpeg ? 'image/jpeg' : 'image/webp',
        key: variantKey,
      })
    }
  } catch {
    // A file sharp reads the header of but cannot decode whole (truncated): keep it without variants.
    await Promise.all(out.map((v) => storage.delete(v.key).catch(() => undefined)))
    return { width: info.width, height: info.height, variants: [] }
  }
  return { width: info.width, height: info.height, variants: out }
}
