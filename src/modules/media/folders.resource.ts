import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { folderResource } from '../../kits/site-resource/folders.js'
import { mediaFolders } from '../../db/schema/media.js'
import type { Api } from '../../http/app-types.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as rules from './folders.service.js'
import { CreateMediaFolderBody, MediaFolder, MediaFolderListQuery, UpdateMediaFolderBody, presentMediaFolder } from './schemas.js'

/** Media folders: a site-owned tree, audited as `media_folder`; no webhook events of their own (the closed list has none). */
export const mediaFolderEntity = defineEntity({ name: 'media_folder', label: 'media folder', scope: siteOwned(mediaFolders) })

export const mediaFolderResource = folderResource({
  entity: mediaFolderEntity,
  table: mediaFolders,
  present: presentMediaFolder,
  onDelete: rules.emptyFolder,
  routes: {
    path: 'media-folders',
    tag: 'Media',
    schemas: { item: MediaFolder, create: CreateMediaFolderBody, update: UpdateMediaFolderBody, listQuery: MediaFolderListQuery },
    deleteDoc: 'Soft delete. Its media move to no folder (each fires media.updated); its sub-folders move up to its parent.',
  },
})

export function mediaFolderRoutes(app: Api): void {
  resourceRoutes(app, mediaFolderResource)
}
