import { imageUrl, srcset, type components, type HasImageUrl } from '@atrium-cms/client'

/**
 * How an image is written into a page, the one place for it. An image Atrium serves (its file route,
 * `<Atrium>/api/v1/media/files/<name>`) gets a `srcset` of renditions in the format the browser takes best
 * (`fmt=auto`: AVIF or WebP), through the client's `imageUrl`/`srcset`, so a phone never loads the original; any
 * other image is written as it is. All are lazy unless asked otherwise.
 */
export interface ImageAttributes {
  src: string
  alt: string
  srcset?: string
  sizes?: string
  width?: number
  height?: number
  loading: 'lazy' | 'eager'
  decoding: 'async'
}

/** Widths offered in a srcset: steps of Atrium's size ladder, from a phone to a wide high-density screen. */
export const WIDTHS = [320, 480, 640, 768, 960, 1280, 1536, 1920] as const
/** The content column (site.css: 46rem at most): what an image in the text takes. */
export const CONTENT_SIZES = '(min-width: 46rem) 46rem, 100vw'
/** Formats whose renditions would lose something (an SVG is answered as it is; a resized GIF keeps its first frame). */
const KEEP_AS_IS = /\.(svg|gif)$/i

/** The rendition base of a URL Atrium serves as a file (only that origin and route), else null. */
export function atriumImage(src: string, atriumOrigin: string): HasImageUrl | null {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return null
  }
  if (url.origin !== atriumOrigin || !/^\/api\/v1\/media\/files\/[^/]+$/.test(url.pathname) || KEEP_AS_IS.test(url.pathname)) return null
  // Only the focal version may come along: a URL that already asks for a size or format is the editor's choice.
  if ([...url.searchParams.keys()].some((k) => k !== 'v')) return null
  return { image_url: url.toString() }
}

/**
 * An image as a delivery answer embeds it (`cover_image`, `header_image` of a post, `cover_image` of a section), beside
 * the id that names it: what a srcset needs (rendition base, dimensions, alt text in the answer's locale), without
 * another call.
 */
export type EmbeddedImage = Pick<components['schemas']['EmbeddedImage'], 'image_url' | 'width' | 'height' | 'alt'>

export interface ImageOptions {
  eager?: boolean
  /** The `sizes` the image is shown at (default: the content column). */
  sizes?: string
  /** Width / height to crop to (a cover in a list); default: the image's own shape. */
  ratio?: number
  /** The image's own dimensions, when known (an image embedded in a delivery answer): no layout shift. */
  width?: number | null
  height?: number | null
}

/** The attributes of one image: `media` (anything with `image_url`) or a URL; Atrium's images get their renditions. */
export function imageAttributes(source: string | HasImageUrl, alt: string, atriumOrigin: string, options: ImageOptions = {}): ImageAttributes | null {
  const base: Pick<ImageAttributes, 'alt' | 'loading' | 'decoding'> = { alt, loading: options.eager ? 'eager' : 'lazy', decoding: 'async' }
  const media = typeof source === 'string' ? atriumImage(source, atriumOrigin) : source.image_url ? source : null
  if (!media) return typeof source === 'string' ? { src: source, ...base } : null
  const crop = options.ratio !== undefined ? { ratio: options.ratio } : {}
  const size = dimensions(options, options.ratio)
  // Atrium never upscales: past the image's own width, a wider candidate would be the same file.
  const own = options.width ?? Infinity
  const widths = [...WIDTHS.filter((w) => w < own), ...(own < WIDTHS[WIDTHS.length - 1]! ? [own] : [])]
  const w = Math.min(960, own)
  return {
    src: imageUrl(media, { w, fmt: 'auto', ...(options.ratio ? { h: Math.round(w / options.ratio) } : {}) })!,
    srcset: srcset(media, widths, crop),
    sizes: options.sizes ?? CONTENT_SIZES,
    ...size,
    ...base,
  }
}

/** width and height attributes (the aspect ratio the browser reserves): the crop's, else the image's own. */
function dimensions(options: ImageOptions, ratio: number | undefined): { width?: number; height?: number } {
  if (ratio) return { width: 960, height: Math.round(960 / ratio) }
  if (options.width && options.height) return { width: options.width, height: options.height }
  return {}
}
