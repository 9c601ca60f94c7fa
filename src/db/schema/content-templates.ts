import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { liveIndex, liveUniqueIndex, softDeleteTimestamps } from './columns.js'
import { siteOwned } from './sites.js'
import { CONTENT_TYPES } from './content.js'

/**
 * Content templates of a site (README "Content choices"): name unique per site among live templates, compared
 * case-insensitively; soft delete. Search (name or description, case-insensitive substring) is served by a
 * pg_trgm GIN index (the extension is created by migration 0009_pg_trgm).
 */
export const contentTemplates = pgTable(
  'content_templates',
  {
    ...siteOwned(),
    name: text('name').notNull(),
    description: text('description'),
    content_type: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    template_data: jsonb('template_data').$type<Record<string, unknown>>().notNull(),
    ...softDeleteTimestamps(),
  },
  (t) => [
    liveUniqueIndex('content_templates_site_name_uq', t, t.site_id, sql`lower(${t.name})`),
    liveIndex('content_templates_site_idx', t, t.site_id, t.name),
    // fastupdate off: written rarely, searched often; no pending list that only (auto)vacuum would merge (PGlite has no autovacuum).
    index('content_templates_search_idx')
      .using('gin', t.name.op('gin_trgm_ops'), t.description.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(sql`${t.deleted_at} is null`),
  ],
)

export type ContentTemplateRow = typeof contentTemplates.$inferSelect
