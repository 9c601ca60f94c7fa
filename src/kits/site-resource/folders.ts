import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { SiteOwnedTable } from '../../core/scopes.js'
import { siteResource, trimName, type ResourceRoutesSpec, type SiteResource, type SiteResourceSpec } from './rules.js'
import { siteTree } from './tree.js'

/** A folder table: a site-owned tree with a name and a display order. */
export type FolderTable = SiteOwnedTable & { parent_id: AnyPgColumn; name: AnyPgColumn; display_order: AnyPgColumn }

/**
 * A site's folders (document folders, media folders): a tree by parent_id listed whole by display_order then name,
 * names trimmed, name and parent in the audit entries, sub-folders moving up on delete. What differs is what a
 * folder holds: `onDelete` empties it, and `deleteDoc` says where its contents go.
 */
export function folderResource<T extends FolderTable, W>(spec: {
  entity: SiteResourceSpec<T, W>['entity']
  table: T
  present: SiteResourceSpec<T, W>['present']
  onDelete: NonNullable<SiteResourceSpec<T, W>['onDelete']>
  routes: Pick<ResourceRoutesSpec, 'path' | 'tag' | 'schemas'> & { deleteDoc: string }
}): SiteResource<T, W> {
  const { table } = spec
  return siteResource<T, W>({
    entity: spec.entity,
    table,
    present: spec.present,
    order: [table.display_order, table.name, table.id],
    auditFields: ['name', 'parent_id'],
    normalize: trimName,
    tree: siteTree(table, { noun: 'folder', moved: { to: 'subfolders_moved_to', ids: 'moved_subfolders' } }),
    onDelete: spec.onDelete,
    routes: {
      path: spec.routes.path,
      tag: spec.routes.tag,
      schemas: spec.routes.schemas,
      need: { read: 'Read', write: 'Author', delete: 'Editor' },
      createIn: 'path',
      list: 'all',
      docs: {
        list: 'Every live folder of the site (all levels) as a plain array by display_order then name; build the tree from `parent_id`.',
        create: '`parent_id` must be a live folder of the same site (400 otherwise); null or omitted: top level.',
        update: 'Partial update. A parent from another site, the folder itself or a folder below it (a cycle) is a 400 on `parent_id`.',
        delete: spec.routes.deleteDoc,
      },
    },
  })
}
