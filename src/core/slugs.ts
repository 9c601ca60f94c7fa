import { randomBytes } from 'node:crypto'
import transliterate from '@sindresorhus/transliterate'
import { validation } from '../http/errors.js'
import { MAX_SLUG, slugifyWith } from './slugify.js'

export { MAX_SLUG }

/*
 * Slug helpers. Slugs are lower-case kebab case, at most MAX_SLUG characters (http/schemas Slug).
 * Clones get "<slug>-copy", then "<slug>-copy-2", "-copy-3", ….
 */

/** Cuts a slug so that `suffix` still fits within MAX_SLUG, never leaving a trailing hyphen. */
function fit(base: string, suffix: string): string {
  const room = MAX_SLUG - suffix.length
  const cut = base.length > room ? base.slice(0, room).replace(/-+$/, '') : base
  return `${cut}${suffix}`
}

/** The n-th clone slug of base: n = 1 → "<base>-copy", n ≥ 2 → "<base>-copy-<n>". */
export function cloneSlug(base: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer')
  return fit(base, n === 1 ? '-copy' : `-copy-${n}`)
}

/** Clone slugs n = from … from + count − 1, in order. */
export function cloneSlugCandidates(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => cloneSlug(base, from + i))
}

/** The first clone slug of base that is not taken. */
export function uniqueCloneSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = cloneSlug(base, n)
    if (!taken.has(candidate)) return candidate
  }
}

/** base when free, else "<base>-2", "<base>-3", … (for generated slugs, e.g. from a title). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = fit(base, `-${n}`)
    if (!taken.has(candidate)) return candidate
  }
}

/** Slug candidates n = from … from + count − 1 for a generated base: n = 1 → base, n ≥ 2 → "<base>-<n>". */
export function slugCandidates(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (from + i === 1 ? base : fit(base, `-${from + i}`)))
}

/**
 * Lower-case kebab slug from free text in any script a maintained transliteration covers (Latin with diacritics,
 * Greek, Cyrillic, Arabic, Georgian, …: "Œuvre & Ærø" → "oeuvre-aero", "Привет мир" → "privet-mir"); '' when
 * nothing is left (Japanese, Chinese, Korean, Hebrew: @sindresorhus/transliterate leaves them as they are).
 */
export function slugify(text: string): string {
  return slugifyWith(text, transliterate)
}

/**
 * The slug of a record created without one: slugify() of its name or title, else (nothing
 * transliterates, or no text) the record type and a short random suffix ("post-3f9a1c"). Never empty, never a 400.
 */
export function generatedSlug(text: string | null | undefined, type: string): string {
  const slug = text ? slugify(text) : ''
  return slug !== '' ? slug : `${type}-${randomBytes(3).toString('hex')}`
}

/**
 * The title a blog or page created without a slug takes it from: the default locale's
 * localization sent in the same body, else the first one sent with a title. 400 on `slug` when none has a title.
 */
export function slugSource(
  localizations: ReadonlyArray<{ locale_id: string; title?: string | null | undefined }>,
  defaultLocaleId: string | undefined,
): string {
  const titled = (l: { title?: string | null | undefined } | undefined) => (l?.title?.trim() ? l.title : undefined)
  const title = titled(localizations.find((l) => l.locale_id === defaultLocaleId)) ?? localizations.map(titled).find((t) => t !== undefined)
  return title ?? validation('slug', 'is required when no localization in the body has a title to generate it from')
}

/** Routes are at most MAX_ROUTE characters (with the leading slash). */
export const MAX_ROUTE = 500

/** The n-th clone route: "<route>-copy", "<route>-copy-<n>"; the home page "/" gives "/copy", "/copy-<n>". */
export function cloneRoute(route: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer')
  const suffix = route === '/' ? (n === 1 ? 'copy' : `copy-${n}`) : n === 1 ? '-copy' : `-copy-${n}`
  const room = MAX_ROUTE - suffix.length
  const base = route.length > room ? route.slice(0, room).replace(/[-/]+$/, '') : route
  return `${base}${suffix}`
}

/** Clone routes n = from … from + count − 1, in order. */
export function cloneRouteCandidates(route: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => cloneRoute(route, from + i))
}
