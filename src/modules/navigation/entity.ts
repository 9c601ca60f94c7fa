import { defineEntity, type ScopeResolver } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { navigationMenus } from '../../db/schema/navigation.js'
import * as q from './queries.js'

/*
 * Webhook events are about menus, whatever changed (the event list has only `navigation.*`): a consumer rebuilds a whole
 * menu, so every event carries the menu (`Menu`). navigation.created: a menu was created; navigation.updated: the
 * menu or any of its items or item titles changed (one event per write, a reorder included); navigation.deleted:
 * the menu and all its items are gone. Audit rows name what was written: navigation_menu, navigation_item,
 * navigation_item_localization.
 */

export const menuEntity = defineEntity({
  name: 'navigation_menu',
  label: 'navigation menu',
  events: crudEvents('navigation'),
  scope: siteOwned(navigationMenus),
  // A menu never changes site, and its delete (kit) bumps its record version: tree and item reads skip the scope query.
  scopeHandle: (id) => `navigation_menu:${id}`,
})

/** Where an item lives: the site of its menu. */
export const itemScope: ScopeResolver = async (db, id) => {
  const siteId = await q.itemSite(db, id)
  return siteId === undefined ? undefined : { siteId, siteIds: [siteId] }
}

/** An item lives where its menu lives. Its writes fire navigation.updated (navigation.created when the write made the menu). */
export const itemEntity = defineEntity({
  name: 'navigation_item',
  label: 'navigation item',
  events: ['navigation.created', 'navigation.updated'],
  scope: itemScope,
})
