import type { AppPlugin } from '../../app.js'
import { localizationRoutes } from '../../http/localization-routes.js'
import { documentLocalizationKit } from './localization.service.js'
import { CreateDocumentLocalizationBody, DocumentLocalization, UpdateDocumentLocalizationBody } from './schemas.js'

/** The spec lists Read for PUT and DELETE: writes need Author (decisions.md "Permissions beyond the tables"). */
export const documentLocalizationRoutes: AppPlugin = async (app) => {
  localizationRoutes(app, documentLocalizationKit, {
    parentPath: 'documents',
    tag: 'Documents',
    name: 'Document',
    schemas: { item: DocumentLocalization, create: CreateDocumentLocalizationBody, update: UpdateDocumentLocalizationBody },
    need: { read: 'Read', create: 'Author', update: 'Author', delete: 'Author' },
  })
}
