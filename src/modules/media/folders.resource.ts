import { defineEntity } from '../../core/entities.js'
import { siteOwned } from '../../core/scopes.js'
import { siteResource, trimName } from '../../kits/site-resource/rules.js'
import { siteTree } from '../../kits/site-resource/tree.js'
import { mediaFolders, type MediaFolderRow } from '../../db/schema/media.js'
import type { Api } from '../../http/app-types.js'
import { resourceRoutes } from '../../kits/site-resource/routes.js'
import * as rules from './folders.service.js'
import { CreateMediaFolderBody, MediaFolder, MediaFolderListQuery, UpdateMediaFolderBody, presentMediaFolder } from './schemas.js'

/** Media folders: a site-owned tree, audited as `media_folder`; no webhook events of their own (the closed list has none). */
export const mediaFolderEntity = defineEntity({ name: 'media_folder', label: 'media folder', scope: siteOwned(mediaFolders) })

export const mediaFolderResource = siteResource({
  entity: mediaFolderEntity,
  table: mediaFolders,
  present: presentMediaFolder,
  order: [mediaFolders.display_order, mediaFolders.name, mediaFolders.id],
  auditFields: ['name', 'parent_id'],
  normalize: trimName,
  tree: siteTree<MediaFolderRow>(mediaFolders, { noun: 'folder', moved: { to: 'subfolders_moved_to', ids: 'moved_subfolders' } }),
  onDelete: rules.emptyFolder,
  routes: {
    path: 'media-folders',
    tag: 'Media',
    schemas: { item: MediaFolder, create: CreateMediaFolderBody, update: UpdateMediaFolderBody, listQuery: MediaFolderListQuery },
    need: { read: 'Read', write: 'Author', delete: 'Editor' },
    createIn: 'path',
    list: 'all',
    docs: {
      list: 'Every live folder of the site (all levels) as a plain array by display_order then name; build the tree from `parent_id`.',
      create: '`parent_id` must be a live folder of the same site (400 otherwise); null or omitted: top level.',
      update: 'Partial update. A parent from another site, the folder itself or a folder below it (a cycle) is a 400 on `parent_id`.',
      delete: 'Soft delete. Its media move to no folder (each fires media.updated); its sub-folders move up to its parent.',
    },
  },
})

export function mediaFolderRoutes(app: Api): void {
  resourceRoutes(app, mediaFolderResource)
}
