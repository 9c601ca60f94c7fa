/*
 * The rest of what a frontend renders a site from (issue 11): routed pages with localized sections, the
 * `primary` menu, redirects and social links. Rows are built in memory and inserted with multi-row INSERTs by
 * bench/seed.ts, in the same transaction as the blogs. The rows are the ones the modules write themselves:
 *   - a page is shared content: `content` (content_type 'page'), one `content_sites` carrier for its owning site
 *     with the slug and the route (content_sites_route_uq: by-route is one index lookup there) and the workflow
 *     columns left at their defaults, as core/content.ts createContent writes them (pages keep their state on the
 *     `pages` row), then the `pages` row (Published, no publish window), its `page_sections` and one
 *     `page_section_localizations` row per section and locale;
 *   - the menu (`navigation_menus`, slug `primary`) with its items in three levels (`navigation_items`: page
 *     items naming pages of the site, internal paths, external URLs) and a `de` title for every item;
 *   - `redirects` (normalised paths, source ≠ destination, 301 or 302, about 10 % inactive) and `social_links`.
 */
import { randomUUID } from 'node:crypto'
import type { content, contentSites } from '../src/db/schema/content.js'
import type { navigationItemLocalizations, navigationItems, navigationMenus } from '../src/db/schema/navigation.js'
import type { pageSectionLocalizations, pageSections, pages } from '../src/db/schema/pages.js'
import type { redirects, socialLinks } from '../src/db/schema/site-links.js'
import { cap, int, paragraph, pick, title, words, type Lang, type Rand } from './text.js'

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

export interface SiteSeedOptions {
  pagesPerSite: number
  sectionsPerPage: number
  /** Items of the `primary` menu, in three levels. */
  menuItems: number
  redirectsPerSite: number
  /** Share of the redirects that are inactive (the lookup answers 404 for them). */
  inactiveRedirectRatio: number
  socialPerSite: number
}

export const DEFAULT_SITE_SEED: SiteSeedOptions = {
  pagesPerSite: 50,
  sectionsPerPage: 5,
  menuItems: 30,
  redirectsPerSite: 2000,
  inactiveRedirectRatio: 0.1,
  socialPerSite: 6,
}

export interface SeededPage {
  id: string
  /** With its leading slash (`/`, `/services`, `/services/pricing`, `/services/pricing/faq`). */
  route: string
}

export interface SeededRedirect {
  source: string
  destination: string
  status: number
}

export interface SeededSiteParts {
  /** Every page of the site, parents before children (home first). */
  pages: SeededPage[]
  menuId: string
  /** Root titles of the primary menu, in order, per locale (what the tree answers with and without `?locale=de`). */
  menuRoots: Record<Lang, string[]>
  /** Items of the primary menu, every level. */
  menuItemCount: number
  /** The active redirects (every one the lookup answers), in insertion order. */
  redirects: SeededRedirect[]
  social: number
}

export interface SiteRows {
  content: Insert<typeof content>[]
  contentSites: Insert<typeof contentSites>[]
  pages: Insert<typeof pages>[]
  sections: Insert<typeof pageSections>[]
  sectionLocalizations: Insert<typeof pageSectionLocalizations>[]
  menus: Insert<typeof navigationMenus>[]
  items: Insert<typeof navigationItems>[]
  itemLocalizations: Insert<typeof navigationItemLocalizations>[]
  redirects: Insert<typeof redirects>[]
  social: Insert<typeof socialLinks>[]
}

export const emptySiteRows = (): SiteRows => ({
  content: [],
  contentSites: [],
  pages: [],
  sections: [],
  sectionLocalizations: [],
  menus: [],
  items: [],
  itemLocalizations: [],
  redirects: [],
  social: [],
})

const TOP = ['about', 'services', 'products', 'solutions', 'company', 'resources', 'support', 'careers', 'news', 'events', 'partners', 'press']
const CHILD = [
  'overview',
  'pricing',
  'team',
  'faq',
  'history',
  'contact',
  'guide',
  'examples',
  'reference',
  'roadmap',
  'stories',
  'downloads',
  'locations',
  'awards',
  'security',
  'integrations',
]
const SECTION_TYPES = ['hero', 'text', 'features', 'testimonials', 'cta']
const SOCIAL = ['twitter', 'github', 'linkedin', 'mastodon', 'youtube', 'instagram', 'facebook', 'bluesky']
const DAY_MS = 86_400_000

/**
 * Routes of a site's pages in three levels below the home page: up to 9 top-level pages, 3 children under each,
 * then the rest as grandchildren spread over the children. [route, index of the parent page or -1].
 */
export function pageTree(n: number): [string, number][] {
  const out: [string, number][] = [['/', -1]]
  const tops = Math.min(9, n - 1)
  for (let i = 0; i < tops; i++) out.push([`/${TOP[i]}`, -1])
  const level1 = out.length
  for (let c = 0; c < 3 && out.length < n; c++) {
    for (let p = 1; p < level1 && out.length < n; p++) out.push([`${out[p]![0]}/${CHILD[c]}`, p])
  }
  const level2 = out.length
  for (let k = 0; out.length < n; k++) {
    const p = level1 + (k % (level2 - level1))
    const c = 3 + Math.floor(k / (level2 - level1))
    out.push([`${out[p]![0]}/${CHILD[c % CHILD.length]}${c >= CHILD.length ? `-${c}` : ''}`, p])
  }
  return out
}

const slugOfRoute = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/\//g, '-'))
const segmentTitle = (route: string) => cap((route.split('/').pop() || 'home').replace(/-/g, ' '))

interface Ctx {
  r: Rand
  opts: SiteSeedOptions
  siteId: string
  locales: Record<Lang, string>
  now: Date
  rows: SiteRows
}

function sectionsOf(c: Ctx, pageId: string, routes: string[]): void {
  for (let s = 0; s < c.opts.sectionsPerPage; s++) {
    const id = randomUUID()
    const type = SECTION_TYPES[s % SECTION_TYPES.length]!
    const withButton = type === 'hero' || type === 'cta'
    c.rows.sections.push({
      id,
      page_id: pageId,
      section_type: type,
      display_order: s,
      cover_image_id: null,
      call_to_action_route: withButton ? pick(c.r, routes) : null,
      settings: { layout: pick(c.r, ['wide', 'narrow', 'split']), background: pick(c.r, ['light', 'dark', 'accent']), columns: int(c.r, 1, 3) },
      created_at: c.now,
      updated_at: c.now,
    })
    for (const lang of ['en', 'de'] as const) {
      c.rows.sectionLocalizations.push({
        id: randomUUID(),
        page_section_id: id,
        locale_id: c.locales[lang],
        title: title(c.r, lang),
        text: Array.from({ length: int(c.r, 1, 3) }, () => paragraph(c.r, lang)).join('\n\n'),
        button_text: withButton ? cap(words(c.r, lang, int(c.r, 1, 3))) : null,
        created_at: c.now,
        updated_at: c.now,
      })
    }
  }
}

function pagesOf(c: Ctx): SeededPage[] {
  const tree = pageTree(c.opts.pagesPerSite)
  const routes = tree.map(([route]) => route)
  const out: SeededPage[] = []
  tree.forEach(([route, parent], i) => {
    const id = randomUUID()
    const contentId = randomUUID()
    const slug = slugOfRoute(route)
    const publishedAt = new Date(c.now.getTime() - int(c.r, 1, 700) * DAY_MS)
    const createdAt = new Date(publishedAt.getTime() - int(c.r, 0, 30) * DAY_MS)
    const depth = route === '/' ? 0 : route.split('/').length - 1
    c.rows.content.push({ id: contentId, site_id: c.siteId, content_type: 'page', created_at: createdAt })
    // As createContent writes it: slug and route; status and the other read-path copies stay at their defaults.
    c.rows.contentSites.push({ content_id: contentId, site_id: c.siteId, content_type: 'page', slug, route, position: 0 })
    c.rows.pages.push({
      id,
      content_id: contentId,
      site_id: c.siteId,
      route,
      slug,
      page_type: route === '/' ? 'home' : 'standard',
      template: depth <= 1 ? 'landing' : null,
      is_in_navigation: depth <= 1,
      navigation_order: i,
      parent_page_id: parent >= 0 ? out[parent]!.id : null,
      status: 'Published',
      published_at: publishedAt,
      publish_start: null,
      publish_end: null,
      created_by: 'bench',
      created_by_idp: null,
      created_at: createdAt,
      updated_at: publishedAt,
    })
    sectionsOf(c, id, routes)
    out.push({ id, route })
  })
  return out
}

/** The `primary` menu: roots, two children under each, then grandchildren under the children, until menuItems. */
function menuOf(c: Ctx, sitePages: SeededPage[]): { menuId: string; roots: Record<Lang, string[]>; count: number } {
  const menuId = randomUUID()
  c.rows.menus.push({ id: menuId, site_id: c.siteId, name: 'Primary', slug: 'primary', description: 'Main navigation', created_at: c.now, updated_at: c.now })
  const n = c.opts.menuItems
  const rootCount = Math.max(1, Math.round(n / 5))
  const roots: Record<Lang, string[]> = { en: [], de: [] }
  const topPages = sitePages.filter((p) => p.route !== '/' && p.route.split('/').length === 2)
  const deeper = sitePages.filter((p) => p.route.split('/').length > 2)
  let made = 0
  const item = (parentId: string | null, order: number, level: number): string => {
    const id = randomUUID()
    // Roots mostly link pages; lower levels mix pages, internal paths and external URLs.
    const kind = level === 0 ? (order === rootCount - 1 ? 'external' : 'page') : (['page', 'internal', 'external'] as const)[(made + level) % 3]!
    const page = kind === 'page' ? (level === 0 ? topPages[order % topPages.length] : pick(c.r, deeper.length ? deeper : sitePages)) : undefined
    const en = page ? segmentTitle(page.route) : kind === 'external' ? cap(words(c.r, 'en', 2)) : cap(words(c.r, 'en', int(c.r, 1, 2)))
    const de = cap(words(c.r, 'de', int(c.r, 1, 2)))
    c.rows.items.push({
      id,
      menu_id: menuId,
      parent_id: parentId,
      title: en,
      link_type: kind,
      url:
        kind === 'internal'
          ? `/${words(c.r, 'en', 1).toLowerCase()}-${made}`
          : kind === 'external'
            ? `https://${pick(c.r, ['shop', 'docs', 'status', 'community'])}.example.com/${made}`
            : null,
      page_id: page?.id ?? null,
      icon: level === 0 ? pick(c.r, ['home', 'info', 'box', 'star', null]) : null,
      open_in_new_tab: kind === 'external',
      display_order: order,
      created_at: c.now,
      updated_at: c.now,
    })
    c.rows.itemLocalizations.push({ id: randomUUID(), navigation_item_id: id, locale_id: c.locales.de, title: de, created_at: c.now, updated_at: c.now })
    if (level === 0) {
      roots.en.push(en)
      roots.de.push(de)
    }
    made++
    return id
  }
  const rootIds = Array.from({ length: Math.min(rootCount, n) }, (_, i) => item(null, i, 0))
  const children: string[] = []
  for (let k = 0; k < 2; k++) rootIds.forEach((root) => made < n && children.push(item(root, k, 1)))
  for (let k = 0; made < n && children.length > 0; k++) children.forEach((child) => made < n && item(child, k, 2))
  return { menuId, roots, count: made }
}

function redirectsOf(c: Ctx, sitePages: SeededPage[]): SeededRedirect[] {
  const active: SeededRedirect[] = []
  for (let i = 0; i < c.opts.redirectsPerSite; i++) {
    const year = 2015 + (i % 9)
    const source = pick(c.r, [
      `/blog/${year}/${words(c.r, 'en', 2).toLowerCase().replace(/ /g, '-')}-${i}`,
      `/old/${pick(c.r, TOP)}/${i}`,
      `/${pick(c.r, TOP)}-${i}.html`,
    ])
    const destination = c.r() < 0.7 ? pick(c.r, sitePages).route : `https://archive.example.org/${i}`
    const status = c.r() < 0.85 ? 301 : 302
    const isActive = c.r() >= c.opts.inactiveRedirectRatio
    c.rows.redirects.push({
      id: randomUUID(),
      site_id: c.siteId,
      source_path: source,
      destination_path: destination,
      status_code: status,
      is_active: isActive,
      created_at: c.now,
      updated_at: c.now,
    })
    if (isActive) active.push({ source, destination, status })
  }
  return active
}

function socialOf(c: Ctx, siteSlug: string): number {
  const n = Math.min(c.opts.socialPerSite, SOCIAL.length)
  for (let i = 0; i < n; i++) {
    const platform = SOCIAL[i]!
    c.rows.social.push({
      id: randomUUID(),
      site_id: c.siteId,
      platform,
      url: `https://${platform}.example.com/${siteSlug}`,
      label: cap(platform),
      icon: i % 2 === 0 ? platform : null,
      display_order: i,
      is_active: i !== n - 1,
      created_at: c.now,
      updated_at: c.now,
    })
  }
  return n
}

/** Every row of one site's pages, menu, redirects and social links (appended to rows). */
export function siteParts(
  r: Rand,
  opts: SiteSeedOptions,
  siteId: string,
  siteSlug: string,
  locales: Record<Lang, string>,
  now: Date,
  rows: SiteRows,
): SeededSiteParts {
  const c: Ctx = { r, opts, siteId, locales, now, rows }
  const sitePages = pagesOf(c)
  const { menuId, roots, count } = menuOf(c, sitePages)
  return { pages: sitePages, menuId, menuRoots: roots, menuItemCount: count, redirects: redirectsOf(c, sitePages), social: socialOf(c, siteSlug) }
}
