/*
 * Rendition URLs of Atrium images (the file route's `w`, `h`, `fit`, `fmt`, `q`), built from a media record's
 * `image_url` (which already carries the focal version `v`). Works with any object that has `image_url` (media
 * records, and the images embedded in delivery answers), so a frontend builds `src` and `srcset` without another call.
 */

/** What a rendition URL can ask for; every field is optional. */
export interface ImageOptions {
  /** Width in pixels (1–4096; the server rounds up to its size ladder and never upscales). */
  w?: number
  /** Height in pixels (1–4096). */
  h?: number
  /** `cover` (crop around the focal point; the default with both sides), `contain` or `inside`. */
  fit?: 'cover' | 'contain' | 'inside'
  /** `auto` picks AVIF or WebP from the browser's Accept header. */
  fmt?: 'auto' | 'avif' | 'webp' | 'jpeg' | 'png'
  /** Quality 1–100 (default 75). */
  q?: number
}

/** Anything with a rendition base: a media record, or an image embedded in a delivery answer. */
export interface HasImageUrl {
  image_url?: string | null
}

const clampSide = (n: number): number => Math.min(4096, Math.max(1, Math.round(n)))

/** The URL of a rendition of `media`, or null when it has none (not an image, or an external file). */
export function imageUrl(media: HasImageUrl | null | undefined, opts: ImageOptions = {}): string | null {
  const base = media?.image_url
  if (!base) return null
  const url = new URL(base)
  if (opts.w !== undefined) url.searchParams.set('w', String(clampSide(opts.w)))
  if (opts.h !== undefined) url.searchParams.set('h', String(clampSide(opts.h)))
  if (opts.fit !== undefined) url.searchParams.set('fit', opts.fit)
  if (opts.fmt !== undefined) url.searchParams.set('fmt', opts.fmt)
  if (opts.q !== undefined) url.searchParams.set('q', String(Math.min(100, Math.max(1, Math.round(opts.q)))))
  return url.toString()
}

/**
 * A `srcset` of `media` at each width (`<url> <w>w, …`), `fmt=auto` unless given. With `opts.h` or an aspect ratio
 * (`opts.ratio`, width / height) every candidate is cropped to about that shape (the server puts each side on its
 * ladder, so the ratio is near, not exact). Widths are de-duplicated and sorted; the empty string when the media has no
 * rendition base.
 */
export function srcset(media: HasImageUrl | null | undefined, widths: readonly number[], opts: Omit<ImageOptions, 'w'> & { ratio?: number } = {}): string {
  if (!media?.image_url) return ''
  const { ratio, ...rest } = opts
  const sorted = [...new Set(widths.map(clampSide))].sort((x, y) => x - y)
  return sorted
    .map((w) => {
      const h = ratio !== undefined && ratio > 0 ? clampSide(w / ratio) : rest.h
      return `${imageUrl(media, { fmt: 'auto', ...rest, w, ...(h !== undefined ? { h } : {}) }) as string} ${w}w`
    })
    .join(', ')
}
