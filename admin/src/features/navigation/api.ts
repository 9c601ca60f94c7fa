import { AtriumError, recordTag, type Schemas } from '@atrium-cms/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../shared/api/client'
import { resource } from '../../shared/api/resource'
import { ifMatch } from '../../shared/api/wire'

/*
 * Menus and their items (decisions.md "Navigation"), through shared/api/resource. Items come flat
 * (GET /menus/{id}/items, with parent_id and display_order); the editor builds the tree (tree.ts) and sends a reorder
 * as the whole tree, all or nothing, from its save queue (not the factory's optimistic list reorder).
 */

export type Menu = Schemas['Menu']
export type NavItem = Schemas['NavigationItem']
export type NavItemLocalization = Schemas['NavigationItemLocalization']
export type LinkType = NavItem['link_type']
export const LINK_TYPES: readonly LinkType[] = ['internal', 'external', 'page']

/** The slugs frontends look menus up by. */
export const WELL_KNOWN_MENUS = ['primary', 'footer'] as const

/** The site's menus: keys ['site', siteId, 'menus', …]; a menu's write refreshes only them (its items' keys are the menu's own). */
export const menuResource = resource({
  key: 'menus',
  list: '/api/v1/sites/{site_id}/menus',
  item: '/api/v1/menus/{id}',
  create: '/api/v1/sites/{site_id}/menus',
})

/**
 * One menu's items: keys ['site', siteId, 'navigation', 'items', menuId, …]; an item's write refreshes the navigation
 * group (every menu's items and the titles per locale).
 */
export const itemResource = (menuId: string) =>
  resource({
    key: 'items',
    within: 'navigation',
    list: '/api/v1/menus/{menu_id}/items',
    item: '/api/v1/navigation/{id}',
    create: '/api/v1/menus/{menu_id}/items',
    params: { menu_id: menuId },
  })

export const navQueries = {
  menus: (siteId: string) => menuResource.list(siteId),
  items: (siteId: string, menuId: string) => itemResource(menuId).list(siteId),
  localizations: (siteId: string, itemId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'navigation', 'localizations', itemId],
      queryFn: async () => (await api().GET('/api/v1/navigation/{id}/localizations', { params: { path: { id: itemId } } })).data!,
    }),
  locales: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'locales'],
      queryFn: async () => (await api().GET('/api/v1/sites/{site_id}/locales', { params: { path: { site_id: siteId } } })).data!,
    }),
  pages: (siteId: string) =>
    queryOptions({
      queryKey: ['site', siteId, 'pages', 'all'],
      queryFn: async () => {
        const out: Schemas['Page'][] = []
        for (let page = 1; ; page++) {
          const r = (await api().GET('/api/v1/sites/{site_id}/pages', { params: { path: { site_id: siteId }, query: { page, per_page: 100 } } })).data!
          out.push(...r.data)
          if (page >= r.meta.total_pages || page >= 20) return out
        }
      },
    }),
}

export interface ItemValues {
  title: string
  link_type: LinkType
  url: string
  page_id: string | null
  open_in_new_tab: boolean
}

export const itemValuesOf = (i: NavItem): ItemValues => ({
  title: i.title,
  link_type: i.link_type,
  url: i.url ?? '',
  page_id: i.page_id,
  open_in_new_tab: i.open_in_new_tab,
})

const wire = (v: ItemValues) => ({
  title: v.title,
  link_type: v.link_type,
  url: v.link_type === 'page' || v.url.trim() === '' ? null : v.url.trim(),
  page_id: v.link_type === 'page' ? v.page_id : null,
  open_in_new_tab: v.open_in_new_tab,
})

/** A menu's item writes: add (at a place in the tree), save from the dialog (`update`, below) and delete. */
export function useItemMutations(siteId: string, menuId: string) {
  const m = itemResource(menuId).useMutations(siteId)
  return {
    create: (v: ItemValues, parentId: string | null, displayOrder: number): Promise<NavItem> =>
      m.create.mutateAsync({ ...wire(v), parent_id: parentId, display_order: displayOrder }),
    /**
     * Saves an item with If-Match. The list carries no tags, and a reorder moves every item's version (parent,
     * position), which the dialog does not edit: so the save reads the item now and sends its tag, unless a field the
     * dialog shows changed since it opened (`opened`); then it writes nothing and fails as the server's 412
     * EDIT_CONFLICT would, with the item as it is now and its tag (the dialog shows both versions, SaveConflict).
     */
    update: async (opened: NavItem, v: ItemValues): Promise<NavItem> => {
      const { data: current, etag } = await itemResource(menuId).get(opened.id)
      if (JSON.stringify(itemValuesOf(current)) !== JSON.stringify(itemValuesOf(opened))) {
        throw new AtriumError({ status: 412, problem: { code: 'EDIT_CONFLICT', title: 'Precondition Failed', current }, etag })
      }
      return m.update.mutateAsync({ id: opened.id, body: wire(v), etag: etag ?? (await recordTag(current)) })
    },
    remove: (id: string): Promise<void> => m.remove.mutateAsync(id),
  }
}

/**
 * Sets the item's title in a locale (an upsert). `loaded`: the locale's localization as the form loaded it; its
 * tag goes as If-Match (there is no GET of one localization), so a title changed elsewhere meanwhile is a 412.
 */
export async function putItemTitle(itemId: string, localeId: string, title: string, loaded: NavItemLocalization | undefined): Promise<NavItemLocalization> {
  const tag = loaded ? await recordTag(loaded) : undefined
  return (
    await api().PUT('/api/v1/navigation/{id}/localizations', { params: { path: { id: itemId }, header: ifMatch(tag) }, body: { locale_id: localeId, title } })
  ).data!
}

export async function reorderItems(menuId: string, body: { items: { id: string; parent_id: string | null; display_order: number }[] }): Promise<void> {
  await api().POST('/api/v1/menus/{menu_id}/items/reorder', { params: { path: { menu_id: menuId } }, body })
}
