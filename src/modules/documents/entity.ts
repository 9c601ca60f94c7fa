import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { siteOwned } from '../../core/scopes.js'
import { documents } from '../../db/schema/documents.js'

/** A document of one site (a link or a stored file): audit `document`, events document.created|updated|deleted. */
export const documentEntity = defineEntity({ name: 'document', events: crudEvents('document'), scope: siteOwned(documents) })
