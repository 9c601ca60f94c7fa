import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { media } from '../../db/schema/media.js'

/**
 * Media records, audited as `media`, firing media.created / media.updated / media.deleted. A record's site never
 * changes and its delete bumps its record version (`media:<id>`): the scope may be remembered under that version.
 */
export const mediaEntity = defineEntity({
  name: 'media',
  label: 'media',
  events: crudEvents('media'),
  scope: siteOwned(media),
  scopeHandle: (id) => `media:${id}`,
})
