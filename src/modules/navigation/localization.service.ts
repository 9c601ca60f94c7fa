import { localizations, type ParentRef } from '../../kits/localizations/rules.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { navigationItemLocalizations, type NavigationItemRow } from '../../db/schema/navigation.js'
import { itemEntity, itemScope } from './entity.js'
import * as q from './queries.js'
import { presentMenu } from './schemas.js'

/*
 * Item titles per locale on the localization kit (kits/localizations/rules.ts): one per locale of the menu's site,
 * written by upsert (PUT /navigation/{id}/localizations). The item's own `title` is the default-locale title; a
 * tree asked for a locale shows that locale's title where there is one, else the item's title. A change is a change
 * of the menu: its updated_at moves and navigation.updated carries it.
 */

const ref = (item: NavigationItemRow, siteId: string): ParentRef<NavigationItemRow> => ({ id: item.id, key: item.id, siteId, row: item })

async function itemRef(db: ReadDb, id: string, tx?: Tx): Promise<ParentRef<NavigationItemRow> | undefined> {
  const found = await q.findItemWithSite(db, id)
  if (!found) return undefined
  if (!tx) return ref(found.item, found.siteId)
  // Writes lock the menu first, then the item, like every item write.
  if (!(await q.lockMenu(tx, found.item.menu_id))) return undefined
  const item = await q.lockItem(tx, id)
  return item && ref(item, found.siteId)
}

export const itemLocalizationKit = localizations({
  name: 'navigation_item_localization',
  table: navigationItemLocalizations,
  parentKey: navigationItemLocalizations.navigation_item_id,
  parent: {
    entity: itemEntity,
    scopeByKey: itemScope,
    byId: (db, id, tx?: Tx) => itemRef(db, id, tx),
    byKey: (db, id, tx?: Tx) => itemRef(db, id, tx),
    async changed(tx, parent, now) {
      const menu = await q.touchMenu(tx, parent.row.menu_id, now)
      return { events: [{ type: 'navigation.updated', siteId: menu.site_id, data: presentMenu(menu) }], siteIds: [menu.site_id] }
    },
  },
})

export const itemLocalizationEntity = itemLocalizationKit.entity
