import type { Locale } from './atrium'

/** What a public path shows (README.md "Routes"). */
export type View =
  | { kind: 'home' }
  | { kind: 'blog'; page: number }
  | { kind: 'post'; slug: string }
  | { kind: 'tag'; slug: string; page: number }
  | { kind: 'category'; slug: string; page: number }
  | { kind: 'legal'; slug: string }
  | { kind: 'page'; route: string }

export interface Resolved {
  locale: Locale
  view: View
  /** The path without its locale prefix, e.g. `/blog/` */
  path: string
}

/** `/blog/page/2/` → 2; a page number that is not a positive integer → null (a 404). */
function pageNumber(segments: string[]): number | null {
  if (segments.length === 0) return 1
  if (segments.length === 2 && segments[0] === 'page' && /^[1-9]\d{0,5}$/.test(segments[1]!)) return Number(segments[1])
  return null
}

/**
 * Reads a public path: the default locale's pages at the root, every other locale's under `/<code>/`. Null: nothing
 * here (404) without asking Atrium.
 */
export function resolvePath(pathname: string, locales: Locale[], defaultLocale: Locale): Resolved | null {
  let segments = pathname.split('/').filter((s) => s !== '')
  let locale = defaultLocale
  const prefixed = locales.find((l) => !l.is_default && l.code === segments[0])
  if (prefixed) {
    locale = prefixed
    segments = segments.slice(1)
  }
  const path = `/${segments.join('/')}${segments.length > 0 && pathname.endsWith('/') ? '/' : ''}`
  const view = viewOf(segments)
  return view ? { locale, view, path } : null
}

function viewOf(segments: string[]): View | null {
  const [first, second, ...rest] = segments
  if (first === undefined) return { kind: 'home' }
  if (first === 'blog') {
    if (second === undefined || second === 'page') {
      const page = pageNumber(segments.slice(1))
      return page === null ? null : { kind: 'blog', page }
    }
    if ((second === 'tag' || second === 'category') && rest.length > 0) {
      const page = pageNumber(rest.slice(1))
      return page === null ? null : { kind: second, slug: rest[0]!, page }
    }
    return rest.length === 0 ? { kind: 'post', slug: second } : null
  }
  if (first === 'legal') return second !== undefined && rest.length === 0 ? { kind: 'legal', slug: second } : null
  return { kind: 'page', route: `/${segments.join('/')}` }
}

/** The public path of `path` in `locale`: the default locale at the root, the others under `/<code>/`. */
export function localized(locale: Pick<Locale, 'code' | 'is_default'>, path: string): string {
  return locale.is_default ? path : `/${locale.code}${path === '/' ? '/' : path}`
}

/** The path of a view, without locale prefix. */
export function pathOf(view: View): string {
  const paged = (base: string, page: number) => (page > 1 ? `${base}page/${page}/` : base)
  switch (view.kind) {
    case 'home':
      return '/'
    case 'blog':
      return paged('/blog/', view.page)
    case 'post':
      return `/blog/${encodeURIComponent(view.slug)}/`
    case 'tag':
    case 'category':
      return paged(`/blog/${view.kind}/${encodeURIComponent(view.slug)}/`, view.page)
    case 'legal':
      return `/legal/${encodeURIComponent(view.slug)}/`
    case 'page':
      return view.route
  }
}

/** The localization of `locale`, else the default locale's, else the first there is. */
export function pickLocalization<T extends { locale_id: string }>(list: T[], locale: Locale, defaultLocale: Locale): T | undefined {
  return list.find((l) => l.locale_id === locale.id) ?? list.find((l) => l.locale_id === defaultLocale.id) ?? list[0]
}
