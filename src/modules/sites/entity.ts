import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import * as q from './queries.js'

/** A site: the tenant itself. Its scope is itself while it is live. */
export const siteEntity = defineEntity({
  name: 'site',
  events: crudEvents('site'),
  scope: async (db, id) => ((await q.findSite(db, id)) ? { siteId: id, siteIds: [id] } : undefined),
})
