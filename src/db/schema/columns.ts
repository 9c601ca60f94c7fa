import { timestamp, uuid } from 'drizzle-orm/pg-core'

/** Shared column builders so every table spells ids and timestamps the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom()
/** The id of a row of a table partitioned by time (db/partitions.ts): its primary key is (id, time column). */
export const partitionedId = () => uuid('id').notNull().defaultRandom()
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => ts('created_at').notNull().defaultNow()
export const updatedAt = () => ts('updated_at').notNull().defaultNow()
export const deletedAt = () => ts('deleted_at')
