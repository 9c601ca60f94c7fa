import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { displayOrder, softDeleteTimestamps } from './columns.js'
import { contentRecord } from './content.js'

/*
 * Skills and CV entries: shared content like blogs. Each row is the body of a
 * content item (content_id); the sites carrying it, and the per-site unique slug, live in content_sites
 * (core/content.ts). site_id is the owning site. Lists read content_sites by (site_id, content_type) and join
 * the live rows here by content_id.
 */

export const CV_ENTRY_TYPES = ['work', 'education', 'volunteer', 'certification', 'project'] as const
export type CvEntryType = (typeof CV_ENTRY_TYPES)[number]

export const skills = pgTable(
  'skills',
  {
    ...contentRecord(),
    name: text('name').notNull(),
    /** Also in content_sites (unique per carrying site among live skills). */
    slug: text('slug').notNull(),
    category: text('category'),
    /** 0–100. */
    proficiency: integer('proficiency').notNull().default(0),
    icon: text('icon'),
    display_order: displayOrder(),
    ...softDeleteTimestamps(),
  },
  (t) => [
    uniqueIndex('skills_content_uq').on(t.content_id),
    index('skills_site_idx').on(t.site_id),
    // The service answers 400 first; the constraint only guards against other writers.
    check('skills_proficiency_range', sql`${t.proficiency} between 0 and 100`),
  ],
)

export const cvEntries = pgTable(
  'cv_entries',
  {
    ...contentRecord(),
    entry_type: text('entry_type', { enum: CV_ENTRY_TYPES }).notNull(),
    title: text('title').notNull(),
    organization: text('organization'),
    organization_url: text('organization_url'),
    location: text('location'),
    /** Markdown. */
    description: text('description'),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    is_current: boolean('is_current').notNull().default(false),
    display_order: displayOrder(),
    ...softDeleteTimestamps(),
  },
  (t) => [
    uniqueIndex('cv_entries_content_uq').on(t.content_id),
    index('cv_entries_site_idx').on(t.site_id),
    // The service answers 400 first; the constraints only guard against other writers.
    check('cv_entries_end_after_start', sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`),
    check('cv_entries_current_no_end', sql`not (${t.is_current} and ${t.end_date} is not null)`),
  ],
)

export type SkillRow = typeof skills.$inferSelect
export type CvEntryRow = typeof cvEntries.$inferSelect
