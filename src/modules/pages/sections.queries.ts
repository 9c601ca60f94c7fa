import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { pageSectionLocalizations, pageSections, pages, type PageRow, type PageSectionRow } from '../../db/schema/pages.js'

/* Rows of page sections beyond the page queries: one section with its live page, writes. */

/** The section and its live page (undefined when either is gone). */
export async function sectionWithPage(db: ReadDb, id: string): Promise<{ section: PageSectionRow; page: PageRow } | undefined> {
  const [row] = await db
    .select({ section: pageSections, page: pages })
    .from(pageSections)
    .innerJoin(pages, and(eq(pages.id, pageSections.page_id), isNull(pages.deleted_at)))
    .where(eq(pageSections.id, id))
    .limit(1)
  return row
}

/** The page id of a section (any page state: the scope resolver decides about liveness). */
export async function pageIdOfSection(db: ReadDb, id: string): Promise<string | undefined> {
  const [row] = await db.select({ pageId: pageSections.page_id }).from(pageSections).where(eq(pageSections.id, id)).limit(1)
  return row?.pageId
}

/** The section, locked for the rest of the transaction. */
export async function lockSection(tx: Tx, id: string): Promise<PageSectionRow | undefined> {
  const [row] = await tx.select().from(pageSections).where(eq(pageSections.id, id)).for('update')
  return row
}

/** The display_order after the page's last section. */
export async function nextDisplayOrder(db: ReadDb, pageId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${pageSections.display_order}), 0)::int + 1` })
    .from(pageSections)
    .where(eq(pageSections.page_id, pageId))
  return row?.n ?? 1
}

export async function insertSection(tx: Tx, values: typeof pageSections.$inferInsert): Promise<PageSectionRow> {
  const [row] = await tx.insert(pageSections).values(values).returning()
  return row as PageSectionRow
}

/** Sections and their localizations created with a page, two statements whatever their number. */
export async function insertSeededSections(
  tx: Tx,
  sections: Array<{
    values: typeof pageSections.$inferInsert & { id: string }
    localizations: Array<Omit<typeof pageSectionLocalizations.$inferInsert, 'page_section_id'>>
  }>,
): Promise<void> {
  if (sections.length === 0) return
  await tx.insert(pageSections).values(sections.map((s) => s.values))
  const locs = sections.flatMap((s) => s.localizations.map((l) => ({ ...l, page_section_id: s.values.id })))
  if (locs.length > 0) await tx.insert(pageSectionLocalizations).values(locs)
}

export async function updateSection(tx: Tx, id: string, patch: Partial<typeof pageSections.$inferInsert>): Promise<PageSectionRow> {
  const [row] = await tx.update(pageSections).set(patch).where(eq(pageSections.id, id)).returning()
  return row as PageSectionRow
}

export async function deleteSection(tx: Tx, id: string): Promise<void> {
  await tx.delete(pageSections).where(eq(pageSections.id, id))
}
