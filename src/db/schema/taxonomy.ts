import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, displayOrder, liveUniqueIndex, ownedBy, parentId, softDeleteTimestamps } from './columns.js'
import { siteOwned } from './sites.js'
import { contentId } from './content.js'

export const tags = pgTable(
  'tags',
  {
    ...siteOwned(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...softDeleteTimestamps(),
  },
  (t) => [liveUniqueIndex('tags_site_slug_uq', t, t.site_id, t.slug), index('tags_site_idx').on(t.site_id, t.name)],
)

export const categories = pgTable(
  'categories',
  {
    ...siteOwned(),
    parent_id: parentId((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    display_order: displayOrder(),
    ...softDeleteTimestamps(),
  },
  (t) => [
    liveUniqueIndex('categories_site_slug_uq', t, t.site_id, t.slug),
    index('categories_site_parent_idx').on(t.site_id, t.parent_id),
    index('categories_parent_idx').on(t.parent_id),
  ],
)

export const contentTags = pgTable(
  'content_tags',
  {
    content_id: contentId(),
    tag_id: ownedBy('tag_id', () => tags.id),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.content_id, t.tag_id], name: 'content_tags_pk' }), index('content_tags_tag_idx').on(t.tag_id, t.content_id)],
)

export const contentCategories = pgTable(
  'content_categories',
  {
    content_id: contentId(),
    category_id: ownedBy('category_id', () => categories.id),
    is_primary: boolean('is_primary').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.content_id, t.category_id], name: 'content_categories_pk' }),
    uniqueIndex('content_categories_primary_uq')
      .on(t.content_id)
      .where(sql`${t.is_primary}`),
    index('content_categories_category_idx').on(t.category_id, t.content_id),
  ],
)

export type TagRow = typeof tags.$inferSelect
export type CategoryRow = typeof categories.$inferSelect
