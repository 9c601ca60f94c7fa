import type { Revertable } from '../../core/entities.js'
import { siteResource } from '../../kits/site-resource/rules.js'
import { legalDocuments } from '../../db/schema/legal.js'
import { legalDocumentEntity } from './entity.js'
import { CreateLegalDocumentBody, LegalDocument, LegalListQuery, UpdateLegalDocumentBody, presentLegalDocument } from './schemas.js'

/**
 * Legal documents on the site-resource kit: slug unique per site among live documents (409), listed by slug,
 * filterable by document_type; soft delete. routes.ts publishes them by hand: GET /legal/{id} answers the whole
 * document (localizations, groups, items) rather than the kit's plain record.
 */
export const legalDocumentResource = siteResource({
  entity: legalDocumentEntity,
  table: legalDocuments,
  present: presentLegalDocument,
  order: [legalDocuments.slug, legalDocuments.id],
  queryFilters: ['document_type'],
  // A document has no name: a slug not given comes from its type ("PrivacyPolicy" → "privacy-policy").
  slugFrom: (values) => (typeof values.document_type === 'string' ? values.document_type.replace(/([a-z])([A-Z])/g, '$1 $2') : undefined),
  auditFields: ['slug', 'document_type'],
  routes: {
    path: 'legal',
    tag: 'Legal documents',
    schemas: { item: LegalDocument, create: CreateLegalDocumentBody, update: UpdateLegalDocumentBody, listQuery: LegalListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Author' },
    createIn: 'path',
  },
})

/** Revert (audit module) goes through the resource's own update. */
export const legalDocumentRevert: Revertable = {
  entity: legalDocumentEntity,
  hook: { body: UpdateLegalDocumentBody, apply: (ctx, id, values): Promise<unknown> => legalDocumentResource.update(ctx, id, values) },
}
