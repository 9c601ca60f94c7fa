import { and, asc, count, desc, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { media, mediaFolders, mediaMetadata, type MediaFolderRow, type MediaMetadataRow, type MediaRow } from '../../db/schema/media.js'
import { sites } from '../../db/schema/sites.js'

const mediaCols = getTableColumns(media)
const liveMedia = isNull(media.deleted_at)
const liveFolder = isNull(mediaFolders.deleted_at)

// ---- media --------------------------------------------------------------------------------------------------

/** The live record of a live site. */
export async function findLiveMedia(db: ReadDb, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select(mediaCols)
    .from(media)
    .innerJoin(sites, and(eq(sites.id, media.site_id), isNull(sites.deleted_at)))
    .where(and(eq(media.id, id), liveMedia))
    .limit(1)
  return row
}

export async function lockMedia(tx: Tx, id: string): Promise<MediaRow | undefined> {
  const [row] = await tx
    .select()
    .from(media)
    .where(and(eq(media.id, id), liveMedia))
    .for('update')
  return row
}

/** A live record of a live site stored under this key (the file route's check that the file may be served). */
export async function liveMediaByKey(db: ReadDb, key: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select(mediaCols)
    .from(media)
    .innerJoin(sites, and(eq(sites.id, media.site_id), isNull(sites.deleted_at)))
    .where(and(eq(media.storage_key, key), liveMedia))
    .limit(1)
  return row
}

/** max_upload_bytes of live sites, by id (missing: not live). */
export async function siteUploadLimits(db: ReadDb, siteIds: string[]): Promise<Map<string, number>> {
  if (siteIds.length === 0) return new Map()
  const rows = await db
    .select({ id: sites.id, max: sites.max_upload_bytes })
    .from(sites)
    .where(
      and(
        sql`${sites.id} in (${sql.join(
          siteIds.map((s) => sql`${s}::uuid`),
          sql`, `,
        )})`,
        isNull(sites.deleted_at),
      ),
    )
  return new Map(rows.map((r) => [r.id, r.max]))
}

/** Serialises uploads of the same bytes to one site (dedup) and deletes of records sharing them, until commit. */
export async function lockStoredFile(tx: Tx, siteId: string, checksum: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-file:${siteId}:${checksum}`}, 0))`)
}

/** The live upload of the site with these bytes, oldest first. */
export async function liveByChecksum(db: ReadDb, siteId: string, checksum: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.site_id, siteId), eq(media.checksum, checksum), liveMedia, sql`${media.storage_key} is not null`))
    .orderBy(asc(media.created_at), asc(media.id))
    .limit(1)
  return row
}

/** Whether another live record (of any site: one upload to several sites shares its files) uses the stored key. */
export async function fileInUse(tx: Tx, key: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.storage_key, key), liveMedia, ne(media.id, exceptId)))
    .limit(1)
  return row !== undefined
}

export async function insertMedia(tx: Tx, values: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await tx.insert(media).values(values).returning()
  return row as MediaRow
}

export async function updateMedia(tx: Tx, id: string, patch: Partial<typeof media.$inferInsert>): Promise<MediaRow> {
  const [row] = await tx.update(media).set(patch).where(eq(media.id, id)).returning()
  return row as MediaRow
}

export async function softDeleteMedia(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(media).set({ deleted_at: now, updated_at: now }).where(eq(media.id, id))
}

/** Every locale's alt text, caption and title of a record (for its search text). */
export function metadataTexts(db: ReadDb, mediaId: string): Promise<Pick<MediaMetadataRow, 'alt_text' | 'caption' | 'title'>[]> {
  return db
    .select({ alt_text: mediaMetadata.alt_text, caption: mediaMetadata.caption, title: mediaMetadata.title })
    .from(mediaMetadata)
    .where(eq(mediaMetadata.media_id, mediaId))
}

export interface MediaFilter {
  folderId?: string | undefined
  category?: MediaRow['mime_category'] | undefined
  /** A tsquery text (words with `:*`, joined by `&`). */
  tsquery?: string | undefined
}

/** One page of the site's live media, newest first, with the total. */
export async function listMedia(db: ReadDb, siteId: string, f: MediaFilter, limit: number, offset: number): Promise<{ rows: MediaRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [eq(media.site_id, siteId), liveMedia]
  if (f.folderId !== undefined) conds.push(eq(media.folder_id, f.folderId))
  if (f.category !== undefined) conds.push(eq(media.mime_category, f.category))
  // The same expression as media_search_idx, so the GIN index answers it.
  if (f.tsquery !== undefined) conds.push(sql`to_tsvector('simple', ${media.search_text}) @@ to_tsquery('simple', ${f.tsquery})`)
  const where = and(...conds)
  const [rows, totals] = await Promise.all([
    db.select().from(media).where(where).orderBy(desc(media.created_at), desc(media.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(media).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

// ---- folders ------------------------------------------------------------------------------------------------

export async function findFolder(db: ReadDb, id: string): Promise<MediaFolderRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaFolders)
    .where(and(eq(mediaFolders.id, id), liveFolder))
    .limit(1)
  return row
}

export function unfileMedia(tx: Tx, folderId: string, now: Date): Promise<MediaRow[]> {
  return tx
    .update(media)
    .set({ folder_id: null, updated_at: now })
    .where(and(eq(media.folder_id, folderId), liveMedia))
    .returning()
}
