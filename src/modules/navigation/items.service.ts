import type { Ctx } from '../../core/context.js'
import { mutate, type MutationOutcome } from '../../core/mutation.js'
import { jsonCache, type RawJson } from '../../core/read-cache.js'
import { planReorder, reorderRows, type ReorderItem } from '../../kits/reorder/rules.js'
import type { Tx } from '../../db/client.js'
import { navigationItems, type LinkType, type NavigationItemRow, type NavigationMenuRow } from '../../db/schema/navigation.js'
import { notFound, validation } from '../../http/errors.js'
import { Type } from 'typebox'
import { itemEntity, menuEntity } from './entity.js'
import { pageLinkable } from './pages.queries.js'
import * as q from './queries.js'
import { NavigationItem, presentItem, presentMenu, type CreateItemBody, type CreateRootItemBody, type UpdateItemBody } from './schemas.js'

/*
 * Navigation items: a tree per menu. Rules: a link is well formed for its type (external: absolute http(s) url;
 * internal: a path starting with `/`; page: page_id, no url); a parent is an item of the same menu and never the
 * item itself or one of its descendants; new items go last among their siblings. Every item write locks its menu's
 * row first (writes of one menu run one at a time, so the parent checks hold when they commit), moves the menu's
 * updated_at and fires navigation.updated with the menu (entity.ts). Deleting an item moves its children up into
 * its place.
 */

interface LinkFields {
  link_type: LinkType
  url: string | null
  page_id: string | null
}

const isHttpUrl = (s: string): boolean => {
  if (/\s/.test(s)) return false
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}
const isPath = (s: string): boolean => s.startsWith('/') && !s.startsWith('//') && !/\s/.test(s)

/** 400 on the field that does not fit the link type. */
function checkLink(v: LinkFields): void {
  switch (v.link_type) {
    case 'external':
      if (v.url === null || !isHttpUrl(v.url)) validation('url', 'an external item needs an absolute http(s) URL')
      if (v.page_id !== null) validation('page_id', 'only page items link to a page')
      break
    case 'internal':
      if (v.url === null || !isPath(v.url)) validation('url', 'an internal item needs a path of the site starting with "/"')
      if (v.page_id !== null) validation('page_id', 'only page items link to a page')
      break
    case 'page':
      if (v.page_id === null) validation('page_id', 'a page item needs page_id')
      if (v.url !== null) validation('url', 'a page item has no url: its page gives the route')
      break
  }
}

/** The link after a patch: changing link_type drops what the new type does not use, unless the patch sends it. */
function linkAfter(before: LinkFields, patch: Partial<LinkFields>): LinkFields {
  const link_type = patch.link_type ?? before.link_type
  const retyped = link_type !== before.link_type
  const url = patch.url !== undefined ? patch.url : retyped && link_type === 'page' ? null : before.url
  const page_id = patch.page_id !== undefined ? patch.page_id : retyped && link_type !== 'page' ? null : before.page_id
  return { link_type, url, page_id }
}

async function checkPage(tx: Tx, siteId: string, link: LinkFields, before?: LinkFields): Promise<void> {
  if (link.link_type !== 'page' || link.page_id === null || link.page_id === before?.page_id) return
  if (!(await pageLinkable(tx, siteId, link.page_id))) validation('page_id', 'is not a page of this site')
}

/** 400 on parent_id for a parent outside the menu, the item itself or one of its descendants. */
async function checkParent(tx: Tx, menuId: string, itemId: string | null, parentId: string | null): Promise<void> {
  if (parentId === null) return
  if (parentId === itemId) validation('parent_id', 'an item cannot be its own parent')
  const parentOf = new Map((await q.parentLinks(tx, menuId)).map((l) => [l.id, l.parent_id]))
  if (!parentOf.has(parentId)) validation('parent_id', 'must be an item of the same menu')
  if (itemId === null) return
  const seen = new Set<string>()
  for (let up: string | null = parentId; up !== null && !seen.has(up); up = parentOf.get(up) ?? null) {
    if (up === itemId) validation('parent_id', 'would create a cycle: the new parent lies below this item')
    seen.add(up)
  }
}

/** What an item write means: the menu's updated_at moves, navigation.updated (or .created) with the menu, readers of the site. */
async function itemOutcome<T>(
  tx: Tx,
  menu: NavigationMenuRow,
  now: Date,
  o: { result: T; entityId: string | null; metadata: Record<string, unknown>; before?: object; after?: object; current?: object; menuCreated?: boolean },
): Promise<MutationOutcome<T>> {
  const shown = o.menuCreated ? menu : await q.touchMenu(tx, menu.id, now)
  const siteId = menu.site_id
  return {
    result: o.result,
    siteId,
    entityId: o.entityId,
    before: o.before,
    after: o.after,
    current: o.current,
    metadata: { menu_id: menu.id, ...o.metadata },
    events: [{ type: o.menuCreated ? 'navigation.created' : 'navigation.updated', siteId, data: presentMenu(shown) }],
    readers: {
      records: [
        ...(o.entityId && o.entityId !== menu.id ? [{ entity: itemEntity, id: o.entityId, siteIds: [siteId] }] : []),
        { entity: menuEntity, id: menu.id, siteIds: [siteId] },
      ],
      lists: [siteId],
    },
  }
}

/** Inserts an item into a locked menu after checking it. */
async function addItem(tx: Tx, ctx: Ctx, menu: NavigationMenuRow, body: CreateItemBody): Promise<NavigationItemRow> {
  const link: LinkFields = { link_type: body.link_type, url: body.url ?? null, page_id: body.page_id ?? null }
  checkLink(link)
  const parentId = body.parent_id ?? null
  await checkParent(tx, menu.id, null, parentId)
  await checkPage(tx, menu.site_id, link)
  const now = ctx.clock.now()
  return q.insertItem(tx, {
    menu_id: menu.id,
    parent_id: parentId,
    title: body.title.trim(),
    ...link,
    icon: body.icon ?? null,
    open_in_new_tab: body.open_in_new_tab ?? false,
    display_order: body.display_order ?? (await q.nextOrder(tx, menu.id, parentId)),
    created_at: now,
    updated_at: now,
  })
}

export function create(ctx: Ctx, menuId: string, body: CreateItemBody): Promise<NavigationItem> {
  return mutate(ctx, { entity: itemEntity, action: 'Create' }, async (tx) => {
    const menu = (await q.lockMenu(tx, menuId)) ?? notFound(menuEntity)
    const row = await addItem(tx, ctx, menu, body)
    return itemOutcome(tx, menu, ctx.clock.now(), { result: presentItem(row), entityId: row.id, metadata: { title: row.title, parent_id: row.parent_id } })
  })
}

/** A root item of the site's primary menu; a site without menus gets a `primary` menu in the same transaction. */
export function createInPrimary(ctx: Ctx, siteId: string, body: CreateRootItemBody): Promise<NavigationItem> {
  return mutate(ctx, { entity: itemEntity, action: 'Create' }, async (tx) => {
    const now = ctx.clock.now()
    await q.lockSiteMenus(tx, siteId)
    const found = await q.primaryMenu(tx, siteId, tx)
    const menu = found ?? (await q.insertMenu(tx, { site_id: siteId, name: 'Primary', slug: 'primary', description: null, created_at: now, updated_at: now }))
    const row = await addItem(tx, ctx, menu, { ...body, parent_id: null })
    return itemOutcome(tx, menu, now, {
      result: presentItem(row),
      entityId: row.id,
      metadata: { title: row.title, parent_id: null, ...(found ? {} : { created_menu: { id: menu.id, slug: menu.slug } }) },
      menuCreated: !found,
    })
  })
}

export function update(ctx: Ctx, id: string, patch: UpdateItemBody): Promise<NavigationItem> {
  return mutate(ctx, { entity: itemEntity, action: 'Update' }, async (tx) => {
    const current = (await q.findItem(tx, id)) ?? notFound(itemEntity)
    const menu = (await q.lockMenu(tx, current.menu_id)) ?? notFound(itemEntity)
    const before = (await q.lockItem(tx, id)) ?? notFound(itemEntity)
    const link = linkAfter(before, patch)
    checkLink(link)
    const parentId = patch.parent_id !== undefined ? patch.parent_id : before.parent_id
    const moved = parentId !== before.parent_id
    if (moved) await checkParent(tx, menu.id, id, parentId)
    await checkPage(tx, menu.site_id, link, before)
    const now = ctx.clock.now()
    const row = await q.updateItem(tx, id, {
      ...patch,
      ...link,
      ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
      parent_id: parentId,
      // Moved under another parent without a position: last among the new siblings.
      display_order: patch.display_order ?? (moved ? await q.nextOrder(tx, menu.id, parentId) : before.display_order),
      updated_at: now,
    })
    const result = presentItem(row)
    return itemOutcome(tx, menu, now, { result, entityId: id, before: presentItem(before), after: result, metadata: {} })
  })
}

/** Deletes an item; its children move up into its place (they keep their order), each keeping its own subtree. */
export async function remove(ctx: Ctx, id: string): Promise<void> {
  await mutate(ctx, { entity: itemEntity, action: 'Delete' }, async (tx) => {
    const current = (await q.findItem(tx, id)) ?? notFound(itemEntity)
    const menu = (await q.lockMenu(tx, current.menu_id)) ?? notFound(itemEntity)
    const before = (await q.lockItem(tx, id)) ?? notFound(itemEntity)
    const now = ctx.clock.now()
    const moved = await q.moveChildrenUp(tx, before, now)
    await q.deleteItem(tx, id)
    return itemOutcome(tx, menu, now, {
      result: undefined,
      entityId: id,
      current: presentItem(before),
      metadata: { title: before.title, parent_id: before.parent_id, moved_children: moved, children_moved_to: before.parent_id },
    })
  })
}

/** Reorders a locked menu's items (kits/reorder/rules.ts, tree mode): all or nothing. */
async function reorderMenu(tx: Tx, ctx: Ctx, menu: NavigationMenuRow, items: readonly ReorderItem[]): Promise<MutationOutcome<undefined>> {
  const now = ctx.clock.now()
  const placed = await reorderRows(tx, { table: navigationItems, scope: navigationItems.menu_id, scopeValue: menu.id, items, what: 'item of this menu', now })
  return itemOutcome(tx, menu, now, { result: undefined, entityId: menu.id, metadata: { reordered: placed } })
}

export async function reorder(ctx: Ctx, menuId: string, items: readonly ReorderItem[]): Promise<void> {
  await mutate(ctx, { entity: menuEntity, action: 'Update' }, async (tx) => reorderMenu(tx, ctx, (await q.lockMenu(tx, menuId)) ?? notFound(menuEntity), items))
}

/** The reorder of the site's primary menu; a site without menus has no item to name (400). */
export async function reorderPrimary(ctx: Ctx, siteId: string, items: readonly ReorderItem[]): Promise<void> {
  await mutate(ctx, { entity: menuEntity, action: 'Update' }, async (tx) => {
    await q.lockSiteMenus(tx, siteId)
    const menu = await q.primaryMenu(tx, siteId, tx)
    if (!menu) {
      planReorder([], items, 'item of the primary menu')
      return validation('items', 'the site has no menu')
    }
    return reorderMenu(tx, ctx, menu, items)
  })
}

// ---- reads ----

export async function get(ctx: Ctx, id: string): Promise<NavigationItem> {
  return presentItem((await q.findItem(ctx.db, id)) ?? notFound(itemEntity))
}

/** Every item of the menu, flat: roots first, then grouped by parent, each group by display_order. */
export async function list(ctx: Ctx, menuId: string): Promise<NavigationItem[]> {
  return (await q.menuItemsByParent(ctx.db, menuId)).map(presentItem)
}

export async function children(ctx: Ctx, parentId: string): Promise<NavigationItem[]> {
  const parent = (await q.findItem(ctx.db, parentId)) ?? notFound(itemEntity)
  return (await q.childItems(ctx.db, parent.menu_id, parent.id)).map(presentItem)
}

const primaryCache = jsonCache('navigation-primary', Type.Array(NavigationItem))

/** Root items of the site's primary menu (slug `primary`, else the oldest); [] without menus. Cached per site version. */
export function primary(ctx: Ctx, siteId: string): Promise<RawJson> {
  return primaryCache.get(ctx, siteId, 'roots', async () => {
    const menu = await q.primaryMenu(ctx.db, siteId)
    return { value: menu ? (await q.childItems(ctx.db, menu.id, null)).map(presentItem) : [], until: null }
  })
}
