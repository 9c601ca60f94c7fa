import type { Tx } from '../../db/client.js'
import { blogLocalizations, type BlogLocalizationRow } from '../../db/schema/blogs.js'

/* Localization rows of blogs beyond the localization kit (kits/localizations/rules.ts): bulk inserts of create and clone. */

export async function insertLocalizations(tx: Tx, values: Array<typeof blogLocalizations.$inferInsert>): Promise<BlogLocalizationRow[]> {
  if (values.length === 0) return []
  return tx.insert(blogLocalizations).values(values).returning()
}
