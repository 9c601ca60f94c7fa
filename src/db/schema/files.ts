import { sql } from 'drizzle-orm'
import { type AnyPgColumn, index, pgTable, text } from 'drizzle-orm/pg-core'
import { displayOrder, liveIndex, parentId, softDeleteTimestamps } from './columns.js'
import { siteOwned } from './sites.js'

/*
 * What documents and media have in common: their folders (kits/site-resource folderResource) and how a stored file
 * is found (by folder, by checksum within a site, by storage key).
 */

/** A site's folder tree (`<name>`): parent_id, name and display_order; soft-deleted. */
export function folderTable<TName extends string>(name: TName) {
  const folders = pgTable(
    name,
    {
      ...siteOwned(),
      parent_id: parentId((): AnyPgColumn => folders.id),
      name: text('name').notNull(),
      display_order: displayOrder(),
      ...softDeleteTimestamps(),
    },
    (t) => [liveIndex(`${name}_site_idx`, t, t.site_id, t.display_order), index(`${name}_parent_idx`).on(t.parent_id)],
  )
  return folders
}

/**
 * The indexes of a table of stored files (`<name>`): the live files of a folder, the live files of a site with given
 * bytes (one stored file serves them all), and the rows that use a storage key.
 */
export const storedFileIndexes = (
  name: string,
  t: { site_id: AnyPgColumn; folder_id: AnyPgColumn; checksum: AnyPgColumn; storage_key: AnyPgColumn; deleted_at: AnyPgColumn },
) => [
  liveIndex(`${name}_folder_idx`, t, t.folder_id),
  index(`${name}_site_checksum_idx`)
    .on(t.site_id, t.checksum)
    .where(sql`${t.deleted_at} is null and ${t.checksum} is not null`),
  index(`${name}_storage_key_idx`)
    .on(t.storage_key)
    .where(sql`${t.storage_key} is not null`),
]
