import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, ts } from './columns.js'

export const DIRECTORY_ROLES = ['SystemAdmin', 'User'] as const

/**
 * The built-in user directory: every identity-provider user who has
 * signed in, with the standard claims of their latest token, and the CMS role. `id` is the UUID v5 of `sub`.
 * The role lives here whichever directory lists users (a Clerk-compatible Backend API only lists them).
 */
export const idpUsers = pgTable(
  'idp_users',
  {
    id: uuid('id').primaryKey(),
    idp_user_id: text('idp_user_id').notNull(),
    email: text('email'),
    name: text('name'),
    avatar_url: text('avatar_url'),
    role: text('role', { enum: DIRECTORY_ROLES }).notNull().default('User'),
    created_at: createdAt(),
    last_sign_in_at: ts('last_sign_in_at'),
  },
  (t) => [uniqueIndex('idp_users_idp_user_id_uq').on(t.idp_user_id), index('idp_users_created_idx').on(t.created_at, t.id)],
)

export type IdpUserRow = typeof idpUsers.$inferSelect
