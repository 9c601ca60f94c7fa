import type { Locale, MenuNode, PageDetail, Section } from './atrium'
import { localized, pickLocalization } from './routes'

/** A menu item's link: external URLs as they are, the site's own paths in the page's locale. */
export function menuHref(node: MenuNode, locale: Locale): string | null {
  if (node.link_type === 'external') return node.external_url ?? node.url
  if (node.link_type === 'page') return node.page_slug === null ? null : localized(locale, `/${node.page_slug}`.replace(/^\/+/, '/'))
  if (!node.url) return null
  return node.url.startsWith('/') ? localized(locale, node.url) : node.url
}

/** A date of the content (YYYY-MM-DD or ISO) as the locale writes it. */
export function formatDate(value: string | null | undefined, locale: Locale): string | null {
  if (!value) return null
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return null
  return dateFormat(locale.code)?.format(date) ?? date.toISOString().slice(0, 10)
}

/** An instant (a preview link's expiry) as the locale writes it, in UTC. */
export function formatInstant(value: string, locale: Locale): string {
  const date = new Date(value)
  try {
    return new Intl.DateTimeFormat(locale.code, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(date)
  } catch {
    return date.toUTCString()
  }
}

// A formatter per locale, made once (making one costs more than formatting a whole list of dates).
const formats = new Map<string, Intl.DateTimeFormat | null>()
function dateFormat(code: string): Intl.DateTimeFormat | null {
  let format = formats.get(code)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(code, { dateStyle: 'long', timeZone: 'UTC' })
    } catch {
      format = null
    }
    formats.set(code, format)
  }
  return format
}

export const sectionText = (section: Section, locale: Locale, defaultLocale: Locale) => pickLocalization(section.localizations, locale, defaultLocale)

/** A page's heading: its hero's title, else its first section title, else its slug in words. */
export function pageTitle(page: PageDetail, locale: Locale, defaultLocale: Locale): string {
  const sections = [...page.sections].sort((a, b) => a.display_order - b.display_order)
  const hero = sections.find((s) => s.section_type === 'hero')
  for (const section of hero ? [hero, ...sections] : sections) {
    const title = sectionText(section, locale, defaultLocale)?.title
    if (title) return title
  }
  const words = (page.slug || page.route.split('/').pop() || 'Home').replace(/[-_]+/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
