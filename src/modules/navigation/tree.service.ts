import type { Ctx } from '../../core/context.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import type { ReadDb } from '../../db/client.js'
import type { NavigationItemRow } from '../../db/schema/navigation.js'
import { notFound } from '../../http/errors.js'
import { canonicalLocale } from '../sites/locale-codes.rules.js'
import { menuEntity } from './entity.js'
import { pageRoutesOf } from './pages.queries.js'
import * as q from './queries.js'
import { NavigationTree, type NavigationTreeNode } from './schemas.js'

/*
 * GET /menus/{menu_id}/tree: the menu's items nested, from one query of items (+ one of the locale's titles when a
 * locale is asked for, + one of page routes when the menu has page items), never a query per node. Cached under the
 * site's content version: every navigation write bumps it, and so do page writes (page items show page routes).
 */

const treeCache = jsonCache('navigation-tree', NavigationTree)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type LocaleRef = { id: string } | { code: string }

/** `?locale=`: a locale id, or a code in canonical form (400 for a malformed one). */
function localeRef(locale: string | undefined): LocaleRef | undefined {
  if (locale === undefined) return undefined
  return UUID.test(locale) ? { id: locale.toLowerCase() } : { code: canonicalLocale(locale, 'locale') }
}

const stripSlash = (s: string) => s.replace(/^\//, '')

/** Nests rows (in sibling order) under their parents; a row whose parent is missing or that sits in a cycle is left out. */
export function nest(rows: NavigationItemRow[], titles: Map<string, string>, routes: Map<string, string>): NavigationTreeNode[] {
  const byParent = new Map<string | null, NavigationItemRow[]>()
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? []
    list.push(r)
    byParent.set(r.parent_id, list)
  }
  const seen = new Set<string>()
  const build = (parentId: string | null): NavigationTreeNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({
        id: r.id,
        title: titles.get(r.id) ?? r.title,
        link_type: r.link_type,
        url: r.url,
        page_id: r.page_id,
        icon: r.icon,
        open_in_new_tab: r.open_in_new_tab,
        display_order: r.display_order,
        external_url: r.link_type === 'external' ? r.url : null,
        page_slug: pageSlug(r, routes),
        children: build(r.id),
      }))
  return build(null)
}

function pageSlug(r: NavigationItemRow, routes: Map<string, string>): string | null {
  if (r.link_type === 'internal') return r.url === null ? null : stripSlash(r.url)
  if (r.link_type === 'page' && r.page_id !== null) {
    const route = routes.get(r.page_id)
    return route === undefined ? null : stripSlash(route)
  }
  return null
}

export async function loadTree(db: ReadDb, siteId: string, menuId: string, locale: LocaleRef | undefined): Promise<NavigationTreeNode[]> {
  const rows = await q.menuItems(db, menuId)
  if (rows.length === 0) return []
  const pageIds = [...new Set(rows.flatMap((r) => (r.link_type === 'page' && r.page_id !== null ? [r.page_id] : [])))]
  const [titles, routes] = await Promise.all([
    locale ? q.localizedTitles(db, menuId, siteId, locale) : Promise.resolve(new Map<string, string>()),
    pageIds.length > 0 ? pageRoutesOf(db, siteId, pageIds) : Promise.resolve(new Map<string, string>()),
  ])
  return nest(rows, titles, routes)
}

/** The menu as a tree; `siteId` is the menu's site (resolved by the route's access check). */
export async function tree(ctx: Ctx, menuId: string, scopeSite: string | undefined, locale: string | undefined): Promise<RawJson> {
  const ref = localeRef(locale)
  const siteId = scopeSite ?? ((await q.findMenu(ctx.db, menuId)) ?? notFound(menuEntity)).site_id
  const key = ref === undefined ? '' : 'id' in ref ? `id:${ref.id}` : `code:${ref.code.toLowerCase()}`
  return treeCache.get(ctx, siteId, `tree:${menuId}:${key}`, async () => ({ value: await loadTree(ctx.db, siteId, menuId, ref), until: null }))
}
