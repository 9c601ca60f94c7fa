import type { AppPlugin } from '../../http/app-types.js'
import { localizationRoutes } from '../../kits/localizations/routes.js'
import { documentLocalizationKit } from './localization.service.js'
import { CreateDocumentLocalizationBody, DocumentLocalization, UpdateDocumentLocalizationBody } from './schemas.js'

/** The spec lists Read for PUT and DELETE: writes need Author. */
export const documentLocalizationRoutes: AppPlugin = async (app) => {
  localizationRoutes(app, documentLocalizationKit, {
    parentPath: 'documents',
    tag: 'Documents',
    name: 'Document',
    schemas: { item: DocumentLocalization, create: CreateDocumentLocalizationBody, update: UpdateDocumentLocalizationBody },
    need: { read: 'Read', create: 'Author', update: 'Author', delete: 'Author' },
  })
}
