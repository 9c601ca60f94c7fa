import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { folderResource } from '../../kits/site-resource/folders.js'
import { documentFolders } from '../../db/schema/documents.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as rules from './folders.service.js'
import { CreateFolderBody, DocumentFolder, FolderListQuery, UpdateFolderBody, presentFolder } from './schemas.js'

/**
 * Document folders: a site-owned tree, audited as `document_folder`. They fire no webhook events (the closed event
 * list has none for folders); documents moved out by a folder delete fire document.updated.
 */
export const documentFolderEntity = defineEntity({ name: 'document_folder', label: 'document folder', scope: siteOwned(documentFolders) })

export const documentFolderResource = folderResource({
  entity: documentFolderEntity,
  table: documentFolders,
  present: presentFolder,
  onDelete: rules.emptyFolder,
  routes: {
    path: 'document-folders',
    tag: 'Documents',
    schemas: { item: DocumentFolder, create: CreateFolderBody, update: UpdateFolderBody, listQuery: FolderListQuery },
    deleteDoc:
      'Soft delete. Its documents move to no folder (each fires document.updated); its sub-folders move up to its parent (top level when it had none).',
  },
})

export const documentFolderRoutes: AppPlugin = async (app) => {
  resourceRoutes(app, documentFolderResource)
}
