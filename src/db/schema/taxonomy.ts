import { sql } from 'drizzle-orm'
import { boolean, type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, deletedAt, id, updatedAt } from './columns.js'
import { content } from './content.js'
import { sites } from './sites.js'

export const tags = pgTable(
  'tags',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('tags_site_slug_uq')
      .on(t.site_id, t.slug)
      .where(sql`${t.deleted_at} is null`),
    index('tags_site_idx').on(t.site_id, t.name),
  ],
)

export const categories = pgTable(
  'categories',
  {
    id: id(),
    site_id: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parent_id: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    display_order: integer('display_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('categories_site_slug_uq')
      .on(t.site_id, t.slug)
      .where(sql`${t.deleted_at} is null`),
    index('categories_site_parent_idx').on(t.site_id, t.parent_id),
    index('categories_parent_idx').on(t.parent_id),
  ],
)

export const contentTags = pgTable(
  'content_tags',
  {
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    tag_id: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.content_id, t.tag_id], name: 'content_tags_pk' }), index('content_tags_tag_idx').on(t.tag_id, t.content_id)],
)

export const contentCategories = pgTable(
  'content_categories',
  {
    content_id: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    category_id: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
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
