import type { AppPlugin } from '../../http/app-types.js'
import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { siteTree } from '../../kits/site-resource/tree.js'
import { documentFolders, type DocumentFolderRow } from '../../db/schema/documents.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as rules from './folders.service.js'
import { CreateFolderBody, DocumentFolder, FolderListQuery, UpdateFolderBody, presentFolder } from './schemas.js'

/**
 * Document folders: a site-owned tree, audited as `document_folder`. They fire no webhook events (the closed event
 * list has none for folders); documents moved out by a folder delete fire document.updated.
 */
export const documentFolderEntity = defineEntity({ name: 'document_folder', label: 'document folder', scope: siteOwned(documentFolders) })

export const documentFolderResource = siteResource({
  entity: documentFolderEntity,
  table: documentFolders,
  present: presentFolder,
  order: [documentFolders.display_order, documentFolders.name, documentFolders.id],
  auditFields: ['name', 'parent_id'],
  normalize: trimName,
  tree: siteTree<DocumentFolderRow>(documentFolders, { noun: 'folder', moved: { to: 'subfolders_moved_to', ids: 'moved_subfolders' } }),
  onDelete: rules.emptyFolder,
  routes: {
    path: 'document-folders',
    tag: 'Documents',
    schemas: { item: DocumentFolder, create: CreateFolderBody, update: UpdateFolderBody, listQuery: FolderListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    list: 'all',
    docs: {
      list: 'Every live folder of the site (all levels) as a plain array by display_order then name; build the tree from `parent_id`.',
      create: '`parent_id` must be a live folder of the same site (400 otherwise); null or omitted: top level.',
      update: 'Partial update. A parent from another site, the folder itself or a folder below it (a cycle) is a 400 on `parent_id`.',
      delete: 'Soft delete. Its documents move to no folder (each fires document.updated); its sub-folders move up to its parent (top level when it had none).',
    },
  },
})

export const documentFolderRoutes: AppPlugin = async (app) => {
  resourceRoutes(app, documentFolderResource)
}
