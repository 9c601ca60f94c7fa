import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { documentFolders, documentLocalizations, documents, type DocumentFolderRow, type DocumentRow } from '../../db/schema/documents.js'
import { locales, sites } from '../../db/schema/sites.js'
import { tableRows } from '../../kits/rows/rules.js'

const docCols = getTableColumns(documents)
const liveDoc = isNull(documents.deleted_at)
const liveFolder = isNull(documentFolders.deleted_at)

// ---- documents ----------------------------------------------------------------------------------------------

/** The live document of a live site (the download route has no access check to do that for it). */
export async function findLiveDocument(db: ReadDb, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(docCols)
    .from(documents)
    .innerJoin(sites, and(eq(sites.id, documents.site_id), isNull(sites.deleted_at)))
    .where(and(eq(documents.id, id), liveDoc))
    .limit(1)
  return row
}

export const lockDocument = tableRows(documents, liveDoc).lock

/** max_upload_bytes of a live site. */
export async function siteUploadLimit(db: ReadDb, siteId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ max: sites.max_upload_bytes })
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.deleted_at)))
    .limit(1)
  return row?.max
}

export async function insertDocument(tx: Tx, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning()
  return row as DocumentRow
}

export async function softDeleteDocument(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(documents).set({ deleted_at: now, updated_at: now }).where(eq(documents.id, id))
}

export async function touchDocument(tx: Tx, id: string, now: Date): Promise<DocumentRow> {
  const [row] = await tx.update(documents).set({ updated_at: now }).where(eq(documents.id, id)).returning()
  return row as DocumentRow
}

/**
 * Serialises the stored-file decisions for one site and checksum until the transaction ends: reusing a live
 * document's file (create) and deciding that no live document uses a file any more (delete) never interleave.
 */
export async function lockStoredFile(tx: Tx, siteId: string, checksum: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`document-file:${siteId}:${checksum}`}, 0))`)
}

/** The stored file of a live document of the site with these bytes (same checksum), if any. */
export async function storedFileOf(tx: Tx, siteId: string, checksum: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ key: documents.storage_key })
    .from(documents)
    .where(and(eq(documents.site_id, siteId), eq(documents.checksum, checksum), liveDoc, sql`${documents.storage_key} is not null`))
    .orderBy(asc(documents.created_at))
    .limit(1)
  return row?.key ?? undefined
}

/** Whether a live document other than `exceptId` still uses the stored file. */
export async function fileInUse(tx: Tx, key: string, exceptId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.storage_key, key), liveDoc, ne(documents.id, exceptId)))
    .limit(1)
  return row !== undefined
}

/** Moves the live documents of a folder to no folder; returns them as updated. */
export function unfileDocuments(tx: Tx, folderId: string, now: Date): Promise<DocumentRow[]> {
  return tx
    .update(documents)
    .set({ folder_id: null, updated_at: now })
    .where(and(eq(documents.folder_id, folderId), liveDoc))
    .returning()
}

// ---- folders ------------------------------------------------------------------------------------------------

export async function findFolder(db: ReadDb, id: string): Promise<DocumentFolderRow | undefined> {
  const [row] = await db
    .select()
    .from(documentFolders)
    .where(and(eq(documentFolders.id, id), liveFolder))
    .limit(1)
  return row
}

/** One page of the site's live documents (optionally of one folder), oldest first, with the total. */
export async function listDocuments(
  db: ReadDb,
  siteId: string,
  folderId: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(eq(documents.site_id, siteId), liveDoc, folderId === undefined ? undefined : eq(documents.folder_id, folderId))
  const [rows, totals] = await Promise.all([
    db.select().from(documents).where(where).orderBy(asc(documents.created_at), asc(documents.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(documents).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

/**
 * The codes of the locales each of these documents has a localization in (default first, then by code), by
 * document id, in one statement whatever the number of documents; a document without any is missing.
 */
export async function localeCodesOf(db: ReadDb, documentIds: readonly string[]): Promise<Map<string, string[]>> {
  if (documentIds.length === 0) return new Map()
  const rows = await db
    .select({ id: documentLocalizations.document_id, codes: sql<string[]>`json_agg(${locales.code} order by ${locales.is_default} desc, ${locales.code})` })
    .from(documentLocalizations)
    .innerJoin(locales, eq(locales.id, documentLocalizations.locale_id))
    .where(inArray(documentLocalizations.document_id, [...new Set(documentIds)]))
    .groupBy(documentLocalizations.document_id)
  return new Map(rows.map((r) => [r.id, r.codes]))
}

export async function updateDocument(tx: Tx, id: string, patch: Partial<typeof documents.$inferInsert>): Promise<DocumentRow> {
  const [row] = await tx.update(documents).set(patch).where(eq(documents.id, id)).returning()
  return row as DocumentRow
}
