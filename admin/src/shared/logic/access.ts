import type { Schemas } from '@atrium-cms/client'

/*
 * What the caller may do on a site, to offer only the actions that would succeed (decisions.md "Permissions",
 * core/levels.ts): an API key by its level (Write covers Author to Reviewer, Admin covers Admin and Owner) when it is
 * unscoped or scoped to this site; a JWT user by the membership's role on the site (a system admin counts as Owner).
 * The server decides; this only hides what would fail.
 */

type AuthInfo = Schemas['AuthInfo']
export type SiteRole = 'Viewer' | 'Author' | 'Editor' | 'Reviewer' | 'Admin' | 'Owner'
const ROLE_RANK: Record<SiteRole, number> = { Viewer: 1, Author: 2, Editor: 3, Reviewer: 4, Admin: 5, Owner: 6 }
const LEVEL_RANK = { Read: 1, Write: 2, Admin: 3, Master: 4 } as const
const LEVEL_OF_ROLE: Record<SiteRole, keyof typeof LEVEL_RANK> = { Viewer: 'Read', Author: 'Write', Editor: 'Write', Reviewer: 'Write', Admin: 'Admin', Owner: 'Admin' }

export function hasSiteRole(me: AuthInfo | undefined, siteId: string, role: SiteRole): boolean {
  if (!me) return false
  if (me.auth_method === 'api_key') {
    const level = me.site_id === null || me.site_id === siteId ? me.permission : null
    return level !== null && LEVEL_RANK[level] >= LEVEL_RANK[LEVEL_OF_ROLE[role]]
  }
  const member = me.memberships?.find((m) => m.site_id === siteId)?.role
  const rank = me.is_system_admin ? ROLE_RANK.Owner : member ? ROLE_RANK[member] : 0
  return rank >= ROLE_RANK[role]
}

/** Upload, edit and delete media, write posts: Author. */
export const canAuthor = (me: AuthInfo | undefined, siteId: string): boolean => hasSiteRole(me, siteId, 'Author')

/* The caller's effective permission level on a site: an API key's permission within its scope; a JWT user's role mapped to a level (Owner and Admin → Admin; Reviewer, Editor, Author → Write; Viewer → Read); system admins Master everywhere. */
export type Level = 'Read' | 'Write' | 'Admin' | 'Master'
const RANK: Record<Level, number> = { Read: 1, Write: 2, Admin: 3, Master: 4 }
const ROLE_LEVEL: Record<string, Level> = { Owner: 'Admin', Admin: 'Admin', Reviewer: 'Write', Editor: 'Write', Author: 'Write', Viewer: 'Read' }

export function siteLevel(me: Schemas['AuthInfo'] | undefined, siteId: string): Level | null {
  if (!me) return null
  if (me.auth_method === 'api_key') return me.site_id === null || me.site_id === siteId ? me.permission : null
  if (me.is_system_admin) return 'Master'
  const role = me.memberships?.find((m) => m.site_id === siteId)?.role
  return role ? (ROLE_LEVEL[role] ?? null) : null
}

/** Whether `level` reaches `min`. */
export const atLeast = (level: Level | null, min: Level): boolean => level !== null && RANK[level] >= RANK[min]
