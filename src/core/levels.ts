import type { Level, Requirement, SiteRole } from './principal.js'

/** Permission levels, hierarchical: each includes the lower ones. */
export const LEVEL_RANK: Record<Level, number> = { Read: 1, Write: 2, Admin: 3, Master: 4 }

/**
 * decisions.md "Keys and auth": for API-key callers the role names in the Permission column mean levels.
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

/** Spec "Site roles for JWT users": effective permission of each membership role. */
export const ROLE_LEVEL: Record<SiteRole, Level> = {
  Owner: 'Admin',
  Admin: 'Admin',
  Reviewer: 'Write',
  Editor: 'Write',
  Author: 'Write',
  Viewer: 'Read',
}

/** For JWT users: which membership roles satisfy a requirement written as a role or a level. */
export const ROLES_SATISFYING: Record<Requirement, readonly SiteRole[]> = {
  Read: ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'],
  Viewer: ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author', 'Viewer'],
  Write: ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author'],
  Author: ['Owner', 'Admin', 'Reviewer', 'Editor', 'Author'],
  Editor: ['Owner', 'Admin', 'Editor'],
  Reviewer: ['Owner', 'Admin', 'Editor', 'Reviewer'],
  Admin: ['Owner', 'Admin'],
  Owner: ['Owner'],
  Master: [],
}

export const atLeast = (have: Level, need: Level) => LEVEL_RANK[have] >= LEVEL_RANK[need]
