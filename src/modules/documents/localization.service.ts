import { localizations, siteOwnedParent } from '../../kits/localizations/rules.js'
import { siteOwned } from '../../core/scopes.js'
import { documentLocalizations, documents } from '../../db/schema/documents.js'
import * as q from './documents.queries.js'
import { documentEntity } from './entity.js'
import { presentDocument } from './schemas.js'

/*
 * Document localizations (title, description per locale of the owning site) on the localization kit. A change is a
 * change of the document: document.updated with the document. The document row itself (and so what content answers
 * show of it) does not change.
 */

const parentOf = siteOwnedParent(q.findLiveDocument, q.lockDocument)

export const documentLocalizationKit = localizations({
  name: 'document_localization',
  table: documentLocalizations,
  parentKey: documentLocalizations.document_id,
  parent: {
    entity: documentEntity,
    scopeByKey: siteOwned(documents),
    byId: parentOf,
    byKey: parentOf,
    changed(_tx, parent) {
      return Promise.resolve({ events: [{ type: 'document.updated', siteId: parent.siteId, data: presentDocument(parent.row) }], siteIds: [parent.siteId] })
    },
  },
})

export const documentLocalizationEntity = documentLocalizationKit.entity
