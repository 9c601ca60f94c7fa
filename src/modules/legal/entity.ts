import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { childOf, siteOwned } from '../../core/scopes.js'
import { legalDocuments } from '../../db/schema/legal.js'
import * as q from './queries.js'

/*
 * Legal documents and what hangs off them. Audited as legal_document (revertable: every field
 * change has its history row), legal_group, legal_item and legal_document_localization; webhooks say legal.*:
 * a change of a group, item or localization is a change of the document (legal.updated with the document).
 */

const documentScope = siteOwned(legalDocuments)

export const legalDocumentEntity = defineEntity({
  name: 'legal_document',
  label: 'legal document',
  events: crudEvents('legal'),
  scope: documentScope,
})

/** A consent group lives where its (live) document lives. */
export const legalGroupEntity = defineEntity({ name: 'legal_group', label: 'legal group', scope: childOf(documentScope, q.documentIdOfGroup) })

/** An item lives where its group's document lives. */
export const legalItemEntity = defineEntity({
  name: 'legal_item',
  label: 'legal item',
  scope: childOf(childOf(documentScope, q.documentIdOfGroup), q.groupIdOfItem),
})
