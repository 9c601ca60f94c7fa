import type { Schemas } from '@atrium-cms/client'

/*
 * The caller's effective permission level on a site (interface spec "Authentication", decisions.md "Keys and auth"):
 * an API key's permission within its scope; a JWT user's role mapped to a level (Owner and Admin → Admin; Reviewer,
 * Editor, Author → Write; Viewer → Read); system admins Master everywhere. The server decides; screens use this only
 * to leave out actions that would be refused.
 */
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
