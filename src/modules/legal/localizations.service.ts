import { localizations, siteOwnedParent } from '../../kits/localizations/rules.js'
import { siteOwned } from '../../core/scopes.js'
import { legalDocumentLocalizations, legalDocuments } from '../../db/schema/legal.js'
import { legalDocumentEntity } from './entity.js'
import * as q from './queries.js'
import { presentLegalDocument } from './schemas.js'

/*
 * Legal document localizations on the localization kit (kits/localizations/rules.ts), like blog localizations: one per
 * locale of the document's site (title, intro and body in Markdown). Every change is a change of the document:
 * its updated_at moves and legal.updated fires with the document; its by-id, by-slug and cookie-consent answers
 * are refreshed.
 */

const byId = siteOwnedParent(q.findDocument, q.lockDocument)

export const legalLocalizationKit = localizations({
  name: 'legal_document_localization',
  table: legalDocumentLocalizations,
  parentKey: legalDocumentLocalizations.legal_document_id,
  parent: {
    entity: legalDocumentEntity,
    scopeByKey: siteOwned(legalDocuments),
    byId,
    byKey: byId,
    async changed(tx, parent, now) {
      const doc = await q.touchDocument(tx, parent.id, now)
      return { events: [{ type: 'legal.updated', siteId: doc.site_id, data: presentLegalDocument(doc) }], siteIds: [doc.site_id], slugs: [doc.slug] }
    },
  },
})

export const legalLocalizationEntity = legalLocalizationKit.entity
