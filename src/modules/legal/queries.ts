import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { legalDocuments, legalGroups, legalItems, type LegalDocumentRow, type LegalGroupRow, type LegalItemRow } from '../../db/schema/legal.js'
import { tableRows } from '../../kits/rows/rules.js'

/* Legal documents, groups and items beyond the site-resource and localization kits. */

const liveDoc = isNull(legalDocuments.deleted_at)
const groupOrder = [asc(legalGroups.display_order), asc(legalGroups.created_at), asc(legalGroups.id)]
const itemOrder = [asc(legalItems.display_order), asc(legalItems.created_at), asc(legalItems.id)]

export async function findDocument(db: ReadDb, id: string): Promise<LegalDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.id, id), liveDoc))
    .limit(1)
  return row
}

/** The live document, locked until the transaction ends (child writes of one document run one at a time). */
export const lockDocument = tableRows(legalDocuments, liveDoc).lock

/** A child changed: the document's updated_at moves. */
export async function touchDocument(tx: Tx, id: string, now: Date): Promise<LegalDocumentRow> {
  const [row] = await tx.update(legalDocuments).set({ updated_at: now }).where(eq(legalDocuments.id, id)).returning()
  return row as LegalDocumentRow
}

/** The site's live document with this slug (legal_documents_site_slug_uq). */
export async function documentBySlug(db: ReadDb, siteId: string, slug: string): Promise<LegalDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.site_id, siteId), eq(legalDocuments.slug, slug), liveDoc))
    .limit(1)
  return row
}

/** The site's newest live, active CookieConsent document (legal_documents_site_type_idx, read backwards). */
export async function activeCookieConsent(db: ReadDb, siteId: string): Promise<LegalDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.site_id, siteId), eq(legalDocuments.document_type, 'CookieConsent'), eq(legalDocuments.is_active, true), liveDoc))
    .orderBy(desc(legalDocuments.created_at), desc(legalDocuments.id))
    .limit(1)
  return row
}

// ---- groups ----

export function groupsOf(db: ReadDb, documentId: string): Promise<LegalGroupRow[]> {
  return db
    .select()
    .from(legalGroups)
    .where(eq(legalGroups.legal_document_id, documentId))
    .orderBy(...groupOrder)
}

/** Every item of every group of the document, in one query (joined through the groups; legal_items_group_order_idx). */
export async function itemsOfDocument(db: ReadDb, documentId: string): Promise<LegalItemRow[]> {
  const rows = await db
    .select({ item: legalItems })
    .from(legalItems)
    .innerJoin(legalGroups, eq(legalGroups.id, legalItems.group_id))
    .where(eq(legalGroups.legal_document_id, documentId))
    .orderBy(...itemOrder)
  return rows.map((r) => r.item)
}

export function itemsOfGroup(db: ReadDb, groupId: string): Promise<LegalItemRow[]> {
  return db
    .select()
    .from(legalItems)
    .where(eq(legalItems.group_id, groupId))
    .orderBy(...itemOrder)
}

/** A group of a live document. */
export async function findGroup(db: ReadDb, id: string): Promise<LegalGroupRow | undefined> {
  const [row] = await db
    .select({ group: legalGroups })
    .from(legalGroups)
    .innerJoin(legalDocuments, and(eq(legalDocuments.id, legalGroups.legal_document_id), liveDoc))
    .where(eq(legalGroups.id, id))
    .limit(1)
  return row?.group
}

/** An item of a group of a live document, with its document id. */
export async function findItem(db: ReadDb, id: string): Promise<(LegalItemRow & { legal_document_id: string }) | undefined> {
  const [row] = await db
    .select({ item: legalItems, legal_document_id: legalGroups.legal_document_id })
    .from(legalItems)
    .innerJoin(legalGroups, eq(legalGroups.id, legalItems.group_id))
    .innerJoin(legalDocuments, and(eq(legalDocuments.id, legalGroups.legal_document_id), liveDoc))
    .where(eq(legalItems.id, id))
    .limit(1)
  return row && { ...row.item, legal_document_id: row.legal_document_id }
}

/** Parent ids for scope resolution (childOf): the group's document, the item's group. */
export async function documentIdOfGroup(db: ReadDb, id: string): Promise<string | undefined> {
  const [row] = await db.select({ id: legalGroups.legal_document_id }).from(legalGroups).where(eq(legalGroups.id, id)).limit(1)
  return row?.id
}
export async function groupIdOfItem(db: ReadDb, id: string): Promise<string | undefined> {
  const [row] = await db.select({ id: legalItems.group_id }).from(legalItems).where(eq(legalItems.id, id)).limit(1)
  return row?.id
}

/** Next display_order after the last group of the document / item of the group. */
export async function nextGroupOrder(tx: Tx, documentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${legalGroups.display_order}), 0)::int + 1` })
    .from(legalGroups)
    .where(eq(legalGroups.legal_document_id, documentId))
  return row?.n ?? 1
}
export async function nextItemOrder(tx: Tx, groupId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${legalItems.display_order}), 0)::int + 1` })
    .from(legalItems)
    .where(eq(legalItems.group_id, groupId))
  return row?.n ?? 1
}

const groupRows = tableRows(legalGroups)
export const insertGroup = groupRows.insert
export const updateGroup = groupRows.update
/** Deletes the group (its items go with it, by the foreign key); returns how many items it had. */
export async function deleteGroup(tx: Tx, id: string): Promise<number> {
  const items = await tx.select({ id: legalItems.id }).from(legalItems).where(eq(legalItems.group_id, id))
  await tx.delete(legalGroups).where(eq(legalGroups.id, id))
  return items.length
}

const itemRows = tableRows(legalItems)
export const insertItem = itemRows.insert
export const updateItem = itemRows.update
export async function deleteItem(tx: Tx, id: string): Promise<void> {
  await tx.delete(legalItems).where(eq(legalItems.id, id))
}
