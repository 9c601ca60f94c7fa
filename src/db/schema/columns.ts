import { sql } from 'drizzle-orm'
import { type AnyPgColumn, index, type IndexBuilderOn, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/*
 * Shared column builders, so every table spells ids, keys, timestamps and the usual column sets the same way.
 * A set of columns is a function returning an object of builders, spread into the table where the columns stand.
 */

export const id = () => uuid('id').primaryKey().defaultRandom()
/** The id of a row of a table partitioned by time (db/partitions.ts): its primary key is (id, time column). */
export const partitionedId = () => uuid('id').notNull().defaultRandom()
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => ts('created_at').notNull().defaultNow()
export const updatedAt = () => ts('updated_at').notNull().defaultNow()
export const deletedAt = () => ts('deleted_at')

/** created_at and updated_at. */
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() })
/** created_at, updated_at and deleted_at: a soft-deleted record (live while deleted_at is null). */
export const softDeleteTimestamps = () => ({ ...timestamps(), deleted_at: deletedAt() })

/** A required reference to the row that owns this one: deleting the owner deletes the row. */
export const ownedBy = <TName extends string>(name: TName, ref: () => AnyPgColumn) => uuid(name).notNull().references(ref, { onDelete: 'cascade' })
/** parent_id of a tree: the parent row of the same table, or null at the top (deleting the parent lets go). */
export const parentId = (ref: () => AnyPgColumn) => uuid('parent_id').references(ref, { onDelete: 'set null' })
/** Place in an ordered list (lists sort by it, then by creation). */
export const displayOrder = () => integer('display_order').notNull().default(0)
/** Who created a workflow record: the actor id (api_key:<id> or a user id) and, for users, the identity-provider id (notifications). */
export const createdBy = () => ({ created_by: text('created_by'), created_by_idp: text('created_by_idp') })

/** The partial index of rows a scheduler publishes: status Scheduled, live, by publish_start. */
export const scheduledIndex = (name: string, t: { status: AnyPgColumn; deleted_at: AnyPgColumn; publish_start: AnyPgColumn }) =>
  index(name)
    .on(t.publish_start)
    .where(sql`${t.status} = 'Scheduled' and ${t.deleted_at} is null`)

type IndexColumns = Parameters<IndexBuilderOn['on']>
/** An index over the live rows of a soft-deleted table only (deleted_at is null): its lists and its per-site unique rules. */
export const liveIndex = (name: string, t: { deleted_at: AnyPgColumn }, ...columns: IndexColumns) =>
  index(name)
    .on(...columns)
    .where(sql`${t.deleted_at} is null`)
export const liveUniqueIndex = (name: string, t: { deleted_at: AnyPgColumn }, ...columns: IndexColumns) =>
  uniqueIndex(name)
    .on(...columns)
    .where(sql`${t.deleted_at} is null`)
