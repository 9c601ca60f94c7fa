import { sql } from 'drizzle-orm'
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.js'
import { siteOwned } from './sites.js'

export const SITE_ROLES = ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'] as const

/** A JWT user's role on a site. user_id is the UUID v5 of the identity-provider `sub`. */
export const siteMembers = pgTable(
  'site_members',
  {
    ...siteOwned(),
    user_id: uuid('user_id').notNull(),
    idp_user_id: text('idp_user_id').notNull(),
    role: text('role', { enum: SITE_ROLES }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('site_members_site_user_uq').on(t.site_id, t.user_id),
    index('site_members_user_idx').on(t.user_id),
    index('site_members_site_role_idx').on(t.site_id, t.role),
    // At most one Owner per site (transfer-ownership demotes before it promotes).
    uniqueIndex('site_members_one_owner_uq')
      .on(t.site_id)
      .where(sql`${t.role} = 'Owner'`),
  ],
)

export type SiteMemberRow = typeof siteMembers.$inferSelect
