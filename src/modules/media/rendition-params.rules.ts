import { createHash } from 'node:crypto'
import { validation } from '../../http/errors.js'

/*
 * What a rendition request asks for (README.md, "Renditions"), as pure functions: the query parsed and
 * checked (each bad parameter a 400 naming it), sizes put on the fixed ladder and never above the original, the
 * format negotiated from Accept, and the exact output size. Sizes on a ladder bound what one image can cost: any
 * number of distinct widths asks for at most the ladder's 25 steps (the original's own width standing in for the
 * steps above it).
 */

export const LADDER = [16, 32, 48, 64, 96, 128, 160, 192, 256, 320, 384, 480, 512, 640, 768, 960, 1024, 1280, 1536, 1920, 2048, 2560, 3072, 3840, 4096] as const
export const FITS = ['cover', 'contain', 'inside'] as const
export const FORMATS = ['auto', 'avif', 'webp', 'jpeg', 'png'] as const
export type Fit = (typeof FITS)[number]
export type Format = (typeof FORMATS)[number]
export type OutputFormat = Exclude<Format, 'auto'>

export const MAX_SIDE = 4096
export const DEFAULT_QUALITY = 75
/** Inputs over this many pixels are refused before anything is decoded. */
export const MAX_PIXELS = 100_000_000

export interface RenditionQuery {
  w: number | undefined
  h: number | undefined
  fit: Fit | undefined
  fmt: Format | undefined
  q: number | undefined
  /** The focal version named by `image_url` (which crop a CDN cached); undefined when not given. */
  v: string | undefined
}

const PARAMS = new Set(['w', 'h', 'fit', 'fmt', 'q', 'v'])

function size(name: 'w' | 'h', raw: string): number {
  if (!/^\d{1,6}$/.test(raw)) return validation(name, `must be a whole number from 1 to ${MAX_SIDE}`)
  const n = Number(raw)
  if (n < 1 || n > MAX_SIDE) return validation(name, `must be a whole number from 1 to ${MAX_SIDE}`)
  return n
}

function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  return (allowed as readonly string[]).includes(raw) ? (raw as T) : validation(name, `must be one of ${allowed.join(', ')}`)
}

/**
 * The rendition parameters of a raw query string (what follows `?`), or undefined when it names none (the original
 * is answered; `v` alone is no transformation). Unknown and repeated parameters are 400s naming them.
 */
export function parseRenditionQuery(raw: string): RenditionQuery | undefined {
  if (raw === '') return undefined
  const seen = new Set<string>()
  const query: RenditionQuery = { w: undefined, h: undefined, fit: undefined, fmt: undefined, q: undefined, v: undefined }
  for (const [name, value] of new URLSearchParams(raw)) {
    if (!PARAMS.has(name)) validation(name.slice(0, 50), 'is not a rendition parameter (w, h, fit, fmt, q, v)')
    if (seen.has(name)) validation(name, 'is given more than once')
    seen.add(name)
    if (name === 'w' || name === 'h') query[name] = size(name, value)
    else if (name === 'fit') query.fit = oneOf('fit', value, FITS)
    else if (name === 'fmt') query.fmt = oneOf('fmt', value, FORMATS)
    else if (name === 'q') {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) validation('q', 'must be a whole number from 1 to 100')
      query.q = Number(value)
    } else {
      if (!/^[0-9a-f]{8}$/.test(value)) validation('v', 'must be the version an image_url carries (8 hex digits)')
      query.v = value
    }
  }
  const transforms = query.w !== undefined || query.h !== undefined || query.fit !== undefined || query.fmt !== undefined || query.q !== undefined
  return transforms ? query : undefined
}

/** The first ladder step at or above `n` (n is at most MAX_SIDE, the last step). */
export const ladderStep = (n: number): number => LADDER.find((s) => s >= n) ?? MAX_SIDE

/** q rounded to a multiple of 5 (at least 5). */
export const roundQuality = (q: number): number => Math.max(5, Math.round(q / 5) * 5)

/** The short version of a focal point carried by image_url (`v`): a new point is a new URL. */
export const focalVersion = (x: number, y: number): string => createHash('sha256').update(`${x}:${y}`).digest('hex').slice(0, 8)

const admits = (accept: string | undefined, type: string): boolean =>
  (accept ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [t, ...params] = part.split(';').map((s) => s.trim())
      if (t !== type) return false
      const q = params.find((p) => p.startsWith('q='))
      return q === undefined || Number(q.slice(2)) > 0
    })

/**
 * The format to encode: `auto` is AVIF when Accept names image/avif, else WebP when it names image/webp, else the
 * original's own type (JPEG, PNG, WebP; PNG for GIF and TIFF originals). Only explicit mentions count: `*\/*` takes
 * the original's type, as browsers that decode AVIF or WebP say so.
 */
export function outputFormat(fmt: Format | undefined, accept: string | undefined, originalMime: string): OutputFormat {
  if (fmt !== undefined && fmt !== 'auto') return fmt
  if (fmt === 'auto') {
    if (admits(accept, 'image/avif')) return 'avif'
    if (admits(accept, 'image/webp')) return 'webp'
  }
  if (originalMime === 'image/jpeg') return 'jpeg'
  if (originalMime === 'image/webp') return 'webp'
  if (originalMime === 'image/avif') return 'avif'
  return 'png'
}

export const MIME_OF: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' }
export const EXT_OF: Record<OutputFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' }

/** Exactly what to make: output size, fit (with only one side given every fit keeps the aspect ratio) and quality. */
export interface RenditionPlan {
  width: number
  height: number
  fit: Fit
  format: OutputFormat
  quality: number
}

const atLeast1 = (n: number) => Math.max(1, Math.round(n))

/**
 * The plan for an original of `width` × `height`: w and h go up to their ladder step and the result never exceeds
 * the original (a box larger than the original shrinks, keeping its own aspect ratio, until it fits).
 */
export function planRendition(query: RenditionQuery, width: number, height: number, format: OutputFormat): RenditionPlan {
  const quality = format === 'png' ? 100 : roundQuality(query.q ?? DEFAULT_QUALITY)
  const bw = query.w === undefined ? undefined : ladderStep(query.w)
  const bh = query.h === undefined ? undefined : ladderStep(query.h)
  if (bw === undefined || bh === undefined) {
    // One side (or none): the aspect ratio is the original's.
    const scale = Math.min(1, bw !== undefined ? bw / width : bh !== undefined ? bh / height : 1)
    return { width: atLeast1(width * scale), height: atLeast1(height * scale), fit: 'inside', format, quality }
  }
  const fit = query.fit ?? 'cover'
  if (fit === 'inside') {
    const scale = Math.min(1, bw / width, bh / height)
    return { width: atLeast1(width * scale), height: atLeast1(height * scale), fit, format, quality }
  }
  const shrink = Math.min(1, width / bw, height / bh)
  return { width: atLeast1(bw * shrink), height: atLeast1(bh * shrink), fit, format, quality }
}

/** The name part of a rendition's storage key: every parameter that changes the bytes. */
export const planName = (plan: RenditionPlan, focal: string): string =>
  `w${plan.width}h${plan.height}${plan.fit[0] ?? 'i'}q${plan.quality}${focal ? `f${focal}` : ''}.${EXT_OF[plan.format]}`
