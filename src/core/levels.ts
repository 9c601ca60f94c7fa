import type { Level, Requirement, SiteRole } from './principal.js'

/** Permission levels, hierarchical: each includes the lower ones. */
export const LEVEL_RANK: Record<Level, number> = { Read: 1, Write: 2, Admin: 3, Master: 4 }

/**
 * For API-key callers a requirement written as a role name means a level.
 * Author, Editor and Reviewer need Write; Owner needs Master; Viewer is Read.
 */
export const REQUIREMENT_LEVEL: Record<Requirement, Level> = {
  Read: 'Read',
  Write: 'Write',
  Admin: 'Admin',
  Master: 'Master',
  Viewer: 'Read',
  Author: 'Write',
  Editor: 'Write',
  Reviewer: 'Write',
  Owner: 'Master',
}

/** Site roles of JWT users: effective permission of each membership role. */
export const ROLE_LEVEL: Record<SiteRole, Level> = {
  Owner: 'Admin',
  Admin: 'Admin',
  Reviewer: 'Write',
  Editor: 'Write',
  Author: 'Write',
  Viewer: 'Read',
}

/**
 * Site roles of JWT users are hierarchical, and a requirement written as a role name is a minimum
 * role: Owner > Admin > Reviewer > Editor > Author > Viewer. So 'Editor' (delete)
 * admits Editor, Reviewer, Admin and Owner but not Author; 'Reviewer' (approve) admits Reviewer, Admin and Owner but
 * not Editor.
 */
export const ROLE_RANK: Record<SiteRole, number> = { Viewer: 1, Author: 2, Editor: 3, Reviewer: 4, Admin: 5, Owner: 6 }

const ROLES = Object.keys(ROLE_RANK) as SiteRole[]
const byRank = (min: SiteRole) => ROLES.filter((r) => ROLE_RANK[r] >= ROLE_RANK[min]).sort((x, y) => ROLE_RANK[y] - ROLE_RANK[x])
const byLevel = (need: Level) => ROLES.filter((r) => LEVEL_RANK[ROLE_LEVEL[r]] >= LEVEL_RANK[need]).sort((x, y) => ROLE_RANK[y] - ROLE_RANK[x])

/** For JWT users: which membership roles satisfy a requirement written as a role (minimum role) or a level (effective permission). */
export const ROLES_SATISFYING: Record<Requirement, readonly SiteRole[]> = {
  Read: byLevel('Read'),
  Write: byLevel('Write'),
  Admin: byLevel('Admin'),
  Master: byLevel('Master'),
  Viewer: byRank('Viewer'),
  Author: byRank('Author'),
  Editor: byRank('Editor'),
  Reviewer: byRank('Reviewer'),
  Owner: byRank('Owner'),
}

export const atLeast = (have: Level, need: Level) => LEVEL_RANK[have] >= LEVEL_RANK[need]
