import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record, site } from '../../http/access.js'
import { sendRaw } from '../../http/raw.js'
import { IdParams, NoContent, SiteParams } from '../../http/schemas.js'
import { itemEntity, menuEntity } from './entity.js'
import * as items from './items.service.js'
import { itemLocalizationKit } from './localization.service.js'
import {
  CreateItemBody,
  CreateRootItemBody,
  MenuParams,
  NavigationItem,
  NavigationItemLocalization,
  NavigationReorderBody,
  NavigationTree,
  ParentParams,
  PutLocalizationBody,
  TreeQuery,
  UpdateItemBody,
} from './schemas.js'
import * as trees from './tree.service.js'
const CACHED = 'Cached; every navigation write of the site refreshes it at once, on every instance.'
const LINK_RULES =
  '`link_type` `external` needs an absolute http(s) `url`, `internal` a path starting with `/` in `url`, `page` a `page_id` (and no url); ' +
  'a field that does not fit is a 400 naming it. `display_order` is an integer ≥ 0; without it the item goes last among its siblings.'
const REORDER =
  'Sets display_order and parent_id of the named items together: each item named once, only items of this menu, parents among its items ' +
  '(null: the root, omitted: unchanged), never a cycle. Any mistake is a 400 and nothing changes. Fires one navigation.updated.'

const route = operations('Navigation', {
  listMenuItems: ['List the items of a menu', 'Every item of the menu, flat: root items first, then grouped by parent, each group by display_order.'],
  getMenuTree: [
    'Get the items of a menu as a tree',
    'Root items, each with its `children`, by display_order at every level. `external_url`: the url of an external item, else null. ' +
      "`page_slug`: the linked page's route without its leading slash (page items; null while the page cannot be resolved), the url without its " +
      'leading slash (internal items), else null. `?locale=` (code or id) picks titles in that locale, each falling back to the default-locale ' +
      `title; a locale the site does not have falls back entirely, a malformed code is a 400. ${CACHED}`,
  ],
  createMenuItem: ['Add an item to a menu', `${LINK_RULES} \`parent_id\` must be an item of the same menu (400). Fires navigation.updated with the menu.`],
  reorderMenuItems: ['Reorder and re-parent the items of a menu', REORDER],
  listSiteNavigation: [
    'List the root items of the primary menu',
    `Root items of the site's primary menu (slug \`primary\`, else its oldest menu), by display_order; [] when the site has no menu. ${CACHED}`,
  ],
  createSiteNavigationItem: [
    'Add a root item to the primary menu',
    `${LINK_RULES} A site without menus gets a menu "Primary" (slug \`primary\`) in the same transaction (navigation.created), else navigation.updated.`,
  ],
  reorderSiteNavigation: ['Reorder the items of the primary menu', `The menu reorder for the site's primary menu. ${REORDER}`],
  getNavigationItem: 'Get a navigation item',
  listNavigationItemChildren: ['List the children of a navigation item', 'Direct children, by display_order.'],
  updateNavigationItem: [
    'Update a navigation item',
    `Partial update. ${LINK_RULES} Changing link_type drops the field the new type does not use (url for page items, page_id otherwise) unless ` +
      "the body sends it. `parent_id` null makes it a root; another menu's item, the item itself or one of its descendants is a 400; moved without " +
      'display_order it goes last among its new siblings. Items stay in their menu.',
  ],
  deleteNavigationItem: [
    'Delete a navigation item',
    'Deletes the item and its localizations. Its children move up into its place (same parent and position, keeping their order and their own children).',
  ],
  listNavigationItemLocalizations: ['List the titles of a navigation item per locale', 'Default locale first, then by code.'],
  putNavigationItemLocalization: [
    'Set the title of a navigation item in a locale',
    "Upsert per locale: the locale (by `locale_id` or code in `locale`, one of the menu's site) gets this title, created (201) or replaced (200). " +
      "A locale the site does not have is a 400. The item's own `title` stays the default-locale title.",
  ],
})

/** Items of a menu: flat list, tree, create, reorder. */
function menuItemRoutes(app: Parameters<AppPlugin>[0]): void {
  app.get(
    '/menus/:menu_id/items',
    route('listMenuItems', { access: record(menuEntity, 'Read', 'menu_id'), params: MenuParams, response: { 200: Type.Array(NavigationItem) } }),
    (req) => items.list(req.ctx, req.params.menu_id),
  )
  app.get(
    '/menus/:menu_id/tree',
    route('getMenuTree', { access: record(menuEntity, 'Read', 'menu_id'), params: MenuParams, querystring: TreeQuery, response: { 200: NavigationTree } }),
    async (req, reply) => sendRaw(reply, await trees.tree(req.ctx, req.params.menu_id, req.recordScope?.siteId ?? undefined, req.query.locale)),
  )
  app.post(
    '/menus/:menu_id/items',
    route('createMenuItem', { access: record(menuEntity, 'Author', 'menu_id'), params: MenuParams, body: CreateItemBody, response: { 201: NavigationItem } }),
    async (req, reply) => reply.code(201).send(await items.create(req.ctx, req.params.menu_id, req.body)),
  )
  app.post(
    '/menus/:menu_id/items/reorder',
    route('reorderMenuItems', {
      access: record(menuEntity, 'Author', 'menu_id'),
      params: MenuParams,
      body: NavigationReorderBody,
      response: { 204: NoContent },
    }),
    async (req, reply) => {
      await items.reorder(req.ctx, req.params.menu_id, req.body.items)
      return reply.code(204).send(null)
    },
  )
}

/** The site's primary navigation: the menu with slug `primary`, else the oldest. */
function primaryRoutes(app: Parameters<AppPlugin>[0]): void {
  app.get(
    '/sites/:site_id/navigation',
    route('listSiteNavigation', { access: site('Read'), params: SiteParams, response: { 200: Type.Array(NavigationItem) } }),
    async (req, reply) => sendRaw(reply, await items.primary(req.ctx, req.params.site_id)),
  )
  app.post(
    '/sites/:site_id/navigation',
    route('createSiteNavigationItem', { access: site('Author'), params: SiteParams, body: CreateRootItemBody, response: { 201: NavigationItem } }),
    async (req, reply) => reply.code(201).send(await items.createInPrimary(req.ctx, req.params.site_id, req.body)),
  )
  app.post(
    '/sites/:site_id/navigation/reorder',
    route('reorderSiteNavigation', { access: site('Author'), params: SiteParams, body: NavigationReorderBody, response: { 204: NoContent } }),
    async (req, reply) => {
      await items.reorderPrimary(req.ctx, req.params.site_id, req.body.items)
      return reply.code(204).send(null)
    },
  )
}

/** One item: get, children, update, delete, localizations. */
function itemRoutes(app: Parameters<AppPlugin>[0]): void {
  app.get('/navigation/:id', route('getNavigationItem', { access: record(itemEntity, 'Read'), params: IdParams, response: { 200: NavigationItem } }), (req) =>
    items.get(req.ctx, req.params.id),
  )
  app.get(
    '/navigation/:parent_id/children',
    route('listNavigationItemChildren', {
      access: record(itemEntity, 'Read', 'parent_id'),
      params: ParentParams,
      response: { 200: Type.Array(NavigationItem) },
    }),
    (req) => items.children(req.ctx, req.params.parent_id),
  )
  app.put(
    '/navigation/:id',
    route('updateNavigationItem', { access: record(itemEntity, 'Author'), params: IdParams, body: UpdateItemBody, response: { 200: NavigationItem } }),
    (req) => items.update(req.ctx, req.params.id, req.body),
  )
  app.delete(
    '/navigation/:id',
    route('deleteNavigationItem', { access: record(itemEntity, 'Editor'), params: IdParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await items.remove(req.ctx, req.params.id)
      return reply.code(204).send(null)
    },
  )
  app.get(
    '/navigation/:id/localizations',
    route('listNavigationItemLocalizations', {
      access: record(itemEntity, 'Read'),
      params: IdParams,
      response: { 200: Type.Array(NavigationItemLocalization) },
    }),
    (req) => itemLocalizationKit.list(req.ctx, req.params.id),
  )
  app.put(
    '/navigation/:id/localizations',
    route('putNavigationItemLocalization', {
      access: record(itemEntity, 'Author'),
      params: IdParams,
      body: PutLocalizationBody,
      response: { 200: NavigationItemLocalization, 201: NavigationItemLocalization },
    }),
    async (req, reply) => {
      const { row, created } = await itemLocalizationKit.upsert(req.ctx, req.params.id, req.body)
      return reply.code(created ? 201 : 200).send(row)
    },
  )
}

export const navigationItemRoutes: AppPlugin = async (app) => {
  menuItemRoutes(app)
  primaryRoutes(app)
  itemRoutes(app)
}
