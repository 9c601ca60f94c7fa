import { validation } from '../http/errors.js'

/*
 * Slug helpers. Slugs are lower-case kebab case, at most MAX_SLUG characters (http/schemas Slug).
 * Clones get "<slug>-copy", then "<slug>-copy-2", "-copy-3", … (decisions.md "Clone").
 */

export const MAX_SLUG = 200

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

/** Lower-case kebab slug from free text ("Hello, World!" → "hello-world"); '' when nothing is left. */
export function slugify(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s.length > MAX_SLUG ? s.slice(0, MAX_SLUG).replace(/-+$/, '') : s
}

/**
 * The slug of a record created without one: slugify() of its name ("Crème Brûlée & Co" → "creme-brulee-co").
 * 400 on `slug` when nothing is left (a name without Latin letters or digits needs a slug).
 */
export function derivedSlug(name: string): string {
  const slug = slugify(name)
  if (slug === '') validation('slug', 'cannot be derived from name; give a slug of lowercase letters, digits and hyphens')
  return slug
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
