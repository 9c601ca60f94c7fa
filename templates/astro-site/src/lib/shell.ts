import { loadConsent, loadLocales, loadMenus, loadMenuTree, loadSite, type LegalDocument, type Locale, type Menu, type MenuNode, type Site } from './atrium'

/** What every page shows around its content, the same for all pages of a locale. */
export interface Shell {
  site: Site
  locales: Locale[]
  defaultLocale: Locale
  consent: LegalDocument | null
  menus: Menu[]
}

export interface Navigation {
  primary: MenuNode[]
  footer: MenuNode[]
}

/** The site, its locales, menus and cookie consent: one parallel round (answered from the cache once loaded). */
export async function loadShell(): Promise<Shell> {
  const [site, locales, consent, menus] = await Promise.all([loadSite(), loadLocales(), loadConsent(), loadMenus()])
  if (locales.length === 0) throw new Error('The site has no locale: add one in Atrium (Site settings → Locales)')
  const defaultLocale = locales.find((l) => l.is_default) ?? locales[0]!
  return { site, locales, defaultLocale, consent, menus }
}

/** The site's primary menu (slug `primary`, else its oldest) and its `footer` menu, in one locale. */
export async function loadNavigation(shell: Shell, locale: Locale): Promise<Navigation> {
  const oldest = [...shell.menus].sort((a, b) => a.created_at.localeCompare(b.created_at))[0]
  const primary = shell.menus.find((m) => m.slug === 'primary') ?? oldest
  const footer = shell.menus.find((m) => m.slug === 'footer')
  const [primaryTree, footerTree] = await Promise.all([
    primary && primary !== footer ? loadMenuTree(primary.id, locale.code) : [],
    footer ? loadMenuTree(footer.id, locale.code) : [],
  ])
  return { primary: primaryTree, footer: footerTree }
}

/** Loads what every page needs for every locale, before the first visitor asks (server.mjs calls it at start). */
export async function warmUp(): Promise<void> {
  const shell = await loadShell()
  await Promise.all(shell.locales.map((locale) => loadNavigation(shell, locale)))
}
