import { and, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { ReadDb } from '../../db/client.js'
import { contentTemplates, type ContentTemplateRow } from '../../db/schema/content-templates.js'

/** `%term%` for ILIKE with the term's own `%`, `_` and `\` matched literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The list's `search`: a case-insensitive substring of the name or the description. Both columns carry one pg_trgm
 * GIN index (content_templates_search_idx), which serves ILIKE '%…%' (a bitmap OR of two index scans) instead of
 * reading every template.
 */
export function searchFilter(query: Record<string, unknown>): SQL | undefined {
  const term = typeof query.search === 'string' ? query.search.trim() : ''
  if (term === '') return undefined
  const pattern = containing(term)
  return or(ilike(contentTemplates.name, pattern), ilike(contentTemplates.description, pattern))
}

/** Another live template of the site with this name, compared case-insensitively (content_templates_site_name_uq). */
export async function nameTaken(db: ReadDb, siteId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentTemplates.id })
    .from(contentTemplates)
    .where(
      and(
        eq(contentTemplates.site_id, siteId),
        sql`lower(${contentTemplates.name}) = lower(${name})`,
        isNull(contentTemplates.deleted_at),
        exceptId ? ne(contentTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A live template by id. */
export async function findTemplate(db: ReadDb, id: string): Promise<ContentTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(contentTemplates)
    .where(and(eq(contentTemplates.id, id), isNull(contentTemplates.deleted_at)))
    .limit(1)
  return row
}
