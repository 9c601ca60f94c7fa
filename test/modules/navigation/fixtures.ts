import type { TestApp } from '../../helpers/app.js'
import { uid, type SiteFixture } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'

/* Navigation fixtures: menus and items through the API. */

export interface Menu {
  id: string
  site_id: string
  name: string
  slug: string
  description: string | null
  created_at: string
  updated_at: string
}
export interface Item {
  id: string
  menu_id: string
  parent_id: string | null
  title: string
  link_type: 'internal' | 'external' | 'page'
  url: string | null
  page_id: string | null
  icon: string | null
  open_in_new_tab: boolean
  display_order: number
  created_at: string
  updated_at: string
}
export interface Node {
  id: string
  title: string
  link_type: string
  url: string | null
  page_id: string | null
  icon: string | null
  open_in_new_tab: boolean
  display_order: number
  external_url: string | null
  page_slug: string | null
  children: Node[]
}

export async function makeMenu(t: TestApp, s: SiteFixture, body: Record<string, unknown> = {}): Promise<Menu> {
  return expectStatus<Menu>(await t.as(s.keys.Write).post(`/sites/${s.id}/menus`, { name: `Menu ${uid()}`, ...body }), 201)
}

export async function makeItem(t: TestApp, s: SiteFixture, menuId: string, body: Record<string, unknown> = {}): Promise<Item> {
  return expectStatus<Item>(
    await t.as(s.keys.Write).post(`/menus/${menuId}/items`, { title: `Item ${uid()}`, link_type: 'internal', url: `/p-${uid()}`, ...body }),
    201,
  )
}

/** A tree as `title(child, child(...))` text: compact to compare. */
export function shape(nodes: Node[]): string {
  return nodes.map((n) => (n.children.length > 0 ? `${n.title}(${shape(n.children)})` : n.title)).join(', ')
}
