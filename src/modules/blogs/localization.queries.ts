import { and, eq, isNull } from 'drizzle-orm'
import type { ReadDb, Tx } from '../../db/client.js'
import { blogLocalizations, blogs, type BlogLocalizationRow, type BlogRow } from '../../db/schema/blogs.js'
import { locales, type LocaleRow } from '../../db/schema/sites.js'

/* Localization rows of blogs (queries only; the rules are in localization-service.ts). */

const liveBlog = isNull(blogs.deleted_at)

export function findLocalization(db: ReadDb, id: string): Promise<BlogLocalizationRow | undefined> {
  return db.query.blogLocalizations.findFirst({ where: eq(blogLocalizations.id, id) })
}

/** The live blog a localization belongs to. */
export async function blogOfLocalization(db: ReadDb, locId: string): Promise<BlogRow | undefined> {
  const [row] = await db
    .select({ blog: blogs })
    .from(blogLocalizations)
    .innerJoin(blogs, and(eq(blogs.content_id, blogLocalizations.content_id), liveBlog))
    .where(eq(blogLocalizations.id, locId))
    .limit(1)
  return row?.blog
}

/** Locales of a site by id (only those that belong to it). */
export function siteLocales(db: ReadDb, siteId: string): Promise<LocaleRow[]> {
  return db.select().from(locales).where(eq(locales.site_id, siteId))
}

export async function insertLocalizations(tx: Tx, values: Array<typeof blogLocalizations.$inferInsert>): Promise<BlogLocalizationRow[]> {
  if (values.length === 0) return []
  return tx.insert(blogLocalizations).values(values).returning()
}

export async function updateLocalization(tx: Tx, id: string, patch: Partial<typeof blogLocalizations.$inferInsert>): Promise<BlogLocalizationRow> {
  const [row] = await tx.update(blogLocalizations).set(patch).where(eq(blogLocalizations.id, id)).returning()
  return row as BlogLocalizationRow
}

export async function deleteLocalization(tx: Tx, id: string): Promise<void> {
  await tx.delete(blogLocalizations).where(eq(blogLocalizations.id, id))
}
