import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db, ReadDb } from '../../db/client.js'
import { rowsOf } from '../../db/migrate.js'
import { media, mediaRenditions, type MediaRow } from '../../db/schema/media.js'
import { sites } from '../../db/schema/sites.js'

/*
 * Bookkeeping of stored renditions (db/schema/media.ts mediaRenditions). These statements are not audited record
 * changes: a rendition is a cache entry, written beside the request that made it, so they take the database handle
 * itself rather than a mutation's transaction.
 */

/** Every live record of a live site stored under `key` (one upload to several sites shares the file), oldest first. */
export function liveMediaOfKey(db: ReadDb, key: string): Promise<MediaRow[]> {
  return db
    .select({ m: media })
    .from(media)
    .innerJoin(sites, and(eq(sites.id, media.site_id), isNull(sites.deleted_at)))
    .where(and(eq(media.storage_key, key), isNull(media.deleted_at)))
    .orderBy(asc(media.created_at), asc(media.id))
    .limit(50)
    .then((rows) => rows.map((r) => r.m))
}

/** Records a stored rendition (or refreshes its size and use). */
export async function recordRendition(db: Db, row: { key: string; source_key: string; focal: string; size_bytes: number }, now: Date): Promise<void> {
  await db
    .insert(mediaRenditions)
    .values({ ...row, last_used_at: now, created_at: now })
    .onConflictDoUpdate({ target: mediaRenditions.key, set: { size_bytes: row.size_bytes, last_used_at: now } })
}

export async function touchRendition(db: Db, key: string, now: Date): Promise<void> {
  await db.update(mediaRenditions).set({ last_used_at: now }).where(eq(mediaRenditions.key, key))
}

export async function forgetRendition(db: Db, key: string): Promise<void> {
  await db.delete(mediaRenditions).where(eq(mediaRenditions.key, key))
}

/** Bytes of every stored rendition together. */
export async function renditionBytes(db: ReadDb): Promise<number> {
  const [row] = await db.select({ n: sql<string | number | null>`sum(${mediaRenditions.size_bytes})` }).from(mediaRenditions)
  return Number(row?.n ?? 0)
}

/**
 * Removes the least recently used renditions until at most `maxBytes` remain; returns the keys whose objects are to
 * go. One statement: the running total, newest first, marks the rows past the bound (instances evicting at once
 * delete each row once).
 */
export async function evictRenditions(db: Db, maxBytes: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${mediaRenditions} r using (
      select key from (
        select key, sum(size_bytes) over (order by last_used_at desc, key desc) as total from ${mediaRenditions}
      ) ranked where total > ${maxBytes}
    ) old
    where r.key = old.key
    returning r.key`)
  return rowsOf<{ key: string }>(result).map((r) => r.key)
}

/**
 * Removes the rendition rows of an original (all of them, or only the cover crops made for one focal version);
 * returns their keys, whose objects are to go.
 */
export async function dropRenditions(db: Db, sourceKeys: string[], focal?: string): Promise<string[]> {
  if (sourceKeys.length === 0) return []
  const rows = await db
    .delete(mediaRenditions)
    .where(and(inArray(mediaRenditions.source_key, sourceKeys), focal === undefined ? undefined : eq(mediaRenditions.focal, focal)))
    .returning({ key: mediaRenditions.key })
  return rows.map((r) => r.key)
}

/** Whether another live record stored under `key` still has this focal point (its crops are still in use). */
export async function focalInUse(db: ReadDb, key: string, exceptId: string, x: number, y: number): Promise<boolean> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.storage_key, key), isNull(media.deleted_at), ne(media.id, exceptId), eq(media.focal_x, x), eq(media.focal_y, y)))
    .limit(1)
  return row !== undefined
}
