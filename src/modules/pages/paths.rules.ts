import { MAX_ROUTE } from '../../core/slugs.js'
import { validation } from '../../http/errors.js'

/*
 * Page routes: stored with a leading slash and without a trailing one, the
 * home page being `/`. A route is refused (400) when it is empty, or has `..`, `//`, a query string (`?`), a
 * fragment (`#`), a backslash, whitespace or control characters.
 */

// Whitespace (Unicode included), C0/C1 controls, DEL, backslash, ? and #.
const FORBIDDEN = /[\s\p{Cc}\\?#]/u

/** The reason a normalised route is refused, or null when it is a valid route. */
function problemOf(route: string): string | null {
  if (route === '/') return null
  if (FORBIDDEN.test(route)) return 'must not contain whitespace, control characters, a backslash, a query string (?) or a fragment (#)'
  if (route.includes('//')) return 'must not contain an empty segment (//)'
  if (route.split('/').some((seg) => seg === '..' || seg === '.') || route.includes('..')) return 'must not contain ".." or "." segments'
  if (route.length > MAX_ROUTE) return `must be at most ${MAX_ROUTE} characters`
  return null
}

/** Leading slash added, one trailing slash removed (except for `/`); '' stays '' (refused by the caller). */
function shape(input: string): string {
  let route = input.startsWith('/') ? input : `/${input}`
  if (route.length > 1 && route.endsWith('/')) route = route.slice(0, -1)
  return route
}

/** A route as written (create, update): normalised, or 400 on `field`. */
export function normalizeRoute(input: string, field = 'route'): string {
  if (input === '') validation(field, 'must not be empty')
  const route = shape(input)
  const problem = problemOf(route)
  return problem === null ? route : validation(field, problem)
}

/**
 * A route as a by-route lookup names it (without its leading slash, decoded by the router): `docs/intro`,
 * `docs/intro/` and `/docs/intro` all find `/docs/intro`; `/` and the empty route find the home page.
 * A route no page could have is a 400 on `route`.
 */
export function lookupRoute(input: string): string {
  return input === '' ? '/' : normalizeRoute(input)
}
