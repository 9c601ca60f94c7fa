/**
 * How an image is written into a page. Today: the URL as it is, loaded lazily. This is the one place to add
 * responsive images: once the client package offers `imageUrl`/`srcset` for Atrium's renditions
 * (`/media/files/{key}?w&h&fit&fmt`), return `srcset` and `sizes` here for URLs on the Atrium origin, and every
 * image (Markdown bodies, sections) gets them.
 */
export interface ImageAttributes {
  src: string
  alt: string
  srcset?: string
  sizes?: string
  loading: 'lazy' | 'eager'
  decoding: 'async'
}

export function imageAttributes(src: string, alt: string, options: { eager?: boolean } = {}): ImageAttributes {
  return { src, alt, loading: options.eager ? 'eager' : 'lazy', decoding: 'async' }
}
