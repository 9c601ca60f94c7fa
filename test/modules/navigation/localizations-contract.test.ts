import { navigationItemLocalizations } from '../../../src/db/schema/navigation.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'
import { makeItem, makeMenu } from './fixtures.js'

/* Navigation item titles per locale: the localizations-kit contract, written by PUT of the list (an upsert) and never
   deleted on their own; every write is a change of the menu (navigation.updated names it). The rest: items.test.ts. */
describeLocalizations({
  name: 'navigation item',
  path: 'navigation',
  entity: 'navigation_item_localization',
  table: navigationItemLocalizations,
  parentField: 'navigation_item_id',
  events: 'navigation',
  parent: async (t, site) => {
    const menu = await makeMenu(t, site)
    return { id: (await makeItem(t, site, menu.id)).id, subject: menu.id }
  },
  texts: [{ title: 'Kontakt' }, { title: 'Contact' }],
  update: { title: 'Kontaktieren' },
  putUpsert: { delete: false },
})
