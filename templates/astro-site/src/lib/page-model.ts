import type { Locale } from './atrium'
import { failureOf, type Failure } from './failure'
import { translator, type Translate } from './i18n'
import { plainText } from './markdown'
import { pageTitle } from './present'
import { localized, pickLocalization, resolvePath, type Resolved } from './routes'
import { loadNavigation, loadShell, type Navigation, type Shell } from './shell'
import { loadViewOrNotFound, NotFound, type ViewData } from './views'

export interface Alternate {
  locale: Locale
  href: string
}

/** Everything a public page renders from, worked out before any markup. */
export type PageModel =
  | { state: 'no-site'; status: number; failure: Failure }
  | { state: 'redirect'; status: number; location: string }
  | {
      state: 'page'
      status: number
      shell: Shell
      nav: Navigation
      locale: Locale
      title: string
      description: string | null
      alternates: Alternate[]
      /** The content, or why there is none (a 404, a 429, Atrium unreachable). */
      content: { data: ViewData } | { failure: Failure }
    }

const EMPTY_NAV: Navigation = { primary: [], footer: [] }

/** The locale a path is in, even when nothing is there (a 404 in German is still German). */
function localeOf(pathname: string, shell: Shell): Locale {
  const first = pathname.split('/').find((s) => s !== '')
  return shell.locales.find((l) => !l.is_default && l.code === first) ?? shell.defaultLocale
}

export async function buildPageModel(url: URL): Promise<PageModel> {
  let shell: Shell
  try {
    shell = await loadShell()
  } catch (err) {
    const failure = failureOf(err)
    return { state: 'no-site', status: failure.status, failure }
  }
  const resolved = resolvePath(url.pathname, shell.locales, shell.defaultLocale)
  const locale = resolved?.locale ?? localeOf(url.pathname, shell)
  // The locale's menus and the content in one round: no waterfall.
  const [nav, loaded] = await Promise.allSettled([
    loadNavigation(shell, locale),
    resolved ? loadViewOrNotFound(resolved.view, locale, url.pathname) : Promise.reject(new NotFound()),
  ])
  const navigation = nav.status === 'fulfilled' ? nav.value : EMPTY_NAV
  const base = { state: 'page' as const, shell, nav: navigation, locale }
  const t = translator(locale.code)
  if (loaded.status === 'rejected') {
    const err: unknown = loaded.reason
    if (err instanceof NotFound) {
      if (err.redirect) return { state: 'redirect', status: err.redirect.status_code, location: err.redirect.destination_path }
      const failure = { status: 404, title: t('notFoundTitle'), message: t('notFoundText') }
      return { ...base, status: 404, title: failure.title, description: null, alternates: [], content: { failure } }
    }
    const failure = failureOf(err, t)
    return { ...base, status: failure.status, title: failure.title, description: null, alternates: [], content: { failure } }
  }
  return { ...base, status: 200, ...describe(loaded.value, resolved!, shell, t), content: { data: loaded.value } }
}

/** Title, description and the page in other locales (only those it exists in, for posts and legal texts). */
function describe(data: ViewData, resolved: Resolved, shell: Shell, t: Translate): { title: string; description: string | null; alternates: Alternate[] } {
  const { locale } = resolved
  const { defaultLocale, site } = shell
  const everywhere = (path: string) => shell.locales.map((l) => ({ locale: l, href: localized(l, path) }))
  const within = (localeIds: string[], path: string) => everywhere(path).filter((a) => localeIds.includes(a.locale.id))
  switch (data.kind) {
    case 'home':
      return { title: site.name, description: site.description, alternates: everywhere('/') }
    case 'blog':
      return {
        title: data.posts.meta.page > 1 ? t('blogPage', { page: data.posts.meta.page }) : t('blog'),
        description: null,
        alternates: everywhere(resolved.path),
      }
    case 'post': {
      const text = pickLocalization(data.post.localizations, locale, defaultLocale)
      return {
        title: text?.meta_title ?? text?.title ?? t('untitled'),
        description: text?.meta_description ?? (text?.excerpt || plainText(text?.body)) ?? null,
        alternates: within(
          data.post.localizations.map((l) => l.locale_id),
          resolved.path,
        ),
      }
    }
    case 'tag':
      return { title: t('taggedWith', { tag: data.tag.name }), description: null, alternates: everywhere(resolved.path) }
    case 'category':
      return { title: data.category.name, description: null, alternates: everywhere(resolved.path) }
    case 'legal': {
      const text = pickLocalization(data.document.localizations, locale, defaultLocale)
      return {
        title: text?.title ?? data.document.slug,
        description: plainText(text?.intro) || null,
        alternates: within(
          data.document.localizations.map((l) => l.locale_id),
          resolved.path,
        ),
      }
    }
    case 'page':
      return { title: pageTitle(data.page, locale, defaultLocale), description: null, alternates: everywhere(resolved.path) }
  }
}
