import type { Schemas } from '@atrium-cms/client'

/*
 * What the caller may do, mirrored from the API's rules (src/core/access.ts, src/core/levels.ts, the routes'
 * `config.access`, src/modules/api-keys/service.ts `creationCap`, src/modules/members/service.ts) so the admin
 * never offers an action the API would refuse. The server decides; this only hides and explains.
 *
 * API keys: one permission level, on one site (or unscoped). JWT users: a role per site (membership); system
 * admins have Master everywhere.
 */

export type AuthInfo = Schemas['AuthInfo']
export type Level = 'Read' | 'Write' | 'Admin' | 'Master'
export type SiteRole = 'Owner' | 'Admin' | 'Reviewer' | 'Editor' | 'Author' | 'Viewer'

export const LEVELS: readonly Level[] = ['Read', 'Write', 'Admin', 'Master']
export const LEVEL_RANK: Record<Level, number> = { Read: 1, Write: 2, Admin: 3, Master: 4 }
export const ROLE_RANK: Record<SiteRole, number> = { Viewer: 1, Author: 2, Editor: 3, Reviewer: 4, Admin: 5, Owner: 6 }
/** Spec "Site roles for JWT users": the effective permission of each role. */
export const ROLE_LEVEL: Record<SiteRole, Level> = { Owner: 'Admin', Admin: 'Admin', Reviewer: 'Write', Editor: 'Write', Author: 'Write', Viewer: 'Read' }
/** Roles a member can be given or changed to (never Owner: ownership moves by transfer). */
export const ASSIGNABLE_ROLES: readonly Exclude<SiteRole, 'Owner'>[] = ['Admin', 'Reviewer', 'Editor', 'Author', 'Viewer']

export const atLeast = (have: Level | null, need: Level): boolean => have !== null && LEVEL_RANK[have] >= LEVEL_RANK[need]

const isKey = (me: AuthInfo) => me.auth_method === 'api_key'

/** The caller's role on a site (JWT), or undefined. */
export function roleOn(me: AuthInfo, siteId: string): SiteRole | undefined {
  return me.memberships?.find((m) => m.site_id === siteId)?.role
}

/** core/access.ts levelOnSite: a key's level where its scope reaches; a user's role's level; Master for system admins. */
export function levelOnSite(me: AuthInfo, siteId: string): Level | null {
  if (isKey(me)) return me.site_id === null || me.site_id === siteId ? me.permission : null
  if (me.is_system_admin) return 'Master'
  const role = roleOn(me, siteId)
  return role ? ROLE_LEVEL[role] : null
}

/** core/access.ts globalLevel: a key's level; a user's best level over their memberships; Master for system admins. */
export function globalLevel(me: AuthInfo): Level | null {
  if (isKey(me)) return me.permission
  if (me.is_system_admin) return 'Master'
  let best: Level | null = null
  for (const m of me.memberships ?? []) if (!best || LEVEL_RANK[ROLE_LEVEL[m.role]] > LEVEL_RANK[best]) best = ROLE_LEVEL[m.role]
  return best
}

/** Not limited to particular sites: an unscoped key or a system admin. */
export const isUnscoped = (me: AuthInfo): boolean => (isKey(me) ? me.site_id === null : me.is_system_admin === true)

/** A site requirement met: Admin level for keys and users alike; Owner is Master for keys, the Owner role (or a system admin) for users. */
function siteNeeds(me: AuthInfo, siteId: string, need: 'Admin' | 'Owner'): boolean {
  if (isKey(me)) return atLeast(levelOnSite(me, siteId), need === 'Owner' ? 'Master' : 'Admin')
  if (me.is_system_admin) return true
  const role = roleOn(me, siteId)
  return role !== undefined && (need === 'Owner' ? role === 'Owner' : ROLE_RANK[role] >= ROLE_RANK.Admin)
}

/** What each action needs, in words the UI shows beside a 403 or a missing button (i18n key under `access:needs`). */
export type Need = 'siteAdmin' | 'siteOwner' | 'anyAdmin' | 'systemAdmin' | 'createSite'

export type Action =
  | 'site.create'
  | 'site.edit'
  | 'site.delete'
  | 'locales.manage'
  | 'settings.edit'
  | 'members.manage'
  | 'members.transfer'
  | 'keys.manage'
  | 'webhooks.manage'
  | 'idp.list'
  | 'idp.setRole'
  | 'site.export'
  | 'site.import'

export const NEEDS: Record<Action, Need> = {
  'site.create': 'createSite',
  'site.edit': 'siteAdmin',
  'site.delete': 'siteOwner',
  'locales.manage': 'siteAdmin',
  'settings.edit': 'siteAdmin',
  'members.manage': 'siteAdmin',
  'members.transfer': 'siteOwner',
  'keys.manage': 'anyAdmin',
  'webhooks.manage': 'siteAdmin',
  'idp.list': 'anyAdmin',
  'idp.setRole': 'systemAdmin',
  'site.export': 'siteAdmin',
  'site.import': 'systemAdmin',
}

/** Whether the API would let the caller do `action` (on `siteId` where the action is about a site). */
export function can(me: AuthInfo | undefined, action: Action, siteId = ''): boolean {
  if (!me) return false
  switch (action) {
    case 'site.create':
      // POST /sites: any JWT user (becomes Owner); an API key must be unscoped Admin or Master.
      return isKey(me) ? me.site_id === null && atLeast(me.permission, 'Admin') : true
    case 'site.edit':
    case 'locales.manage':
    case 'settings.edit':
    case 'members.manage':
    case 'webhooks.manage':
    case 'site.export':
      return siteNeeds(me, siteId, 'Admin')
    case 'site.delete':
    case 'members.transfer':
      return siteNeeds(me, siteId, 'Owner')
    case 'keys.manage':
    case 'idp.list':
      return atLeast(globalLevel(me), 'Admin')
    case 'idp.setRole':
    case 'site.import':
      // unscoped('Master'): a system admin; for keys an unscoped Master key.
      return isKey(me) ? me.site_id === null && me.permission === 'Master' : me.is_system_admin === true
  }
}

/**
 * The system's own screens (the identity provider's people and who is a system administrator): for a system admin,
 * or an unscoped Master key, which the API treats alike (`unscoped('Master')`). A site admin may still list the people
 * (idp.list, read only, by the screen's address) but is offered no system area.
 */
export const administersSystem = (me: AuthInfo | undefined): boolean => can(me, 'idp.setRole')

/**
 * api-keys/service.ts creationCap: the highest permission the caller may hand out on a site (null: none).
 * Keys: Master → Master, Admin → Write, within their scope. Users: system admin → Master, Owner → Admin, Admin → Write, others Read.
 */
export function keyCreationCap(me: AuthInfo | undefined, siteId: string | null): Level | null {
  if (!me) return null
  if (isKey(me)) {
    if (me.site_id !== null && me.site_id !== siteId) return null
    return me.permission === 'Master' ? 'Master' : me.permission === 'Admin' ? 'Write' : null
  }
  if (me.is_system_admin) return 'Master'
  const role = siteId ? roleOn(me, siteId) : undefined
  if (!role) return null
  return role === 'Owner' ? 'Admin' : role === 'Admin' ? 'Write' : 'Read'
}

/** The permissions the caller may choose for a new key on a site, lowest first. */
export function grantableLevels(me: AuthInfo | undefined, siteId: string | null): Level[] {
  const cap = keyCreationCap(me, siteId)
  return cap ? LEVELS.filter((l) => atLeast(cap, l)) : []
}

/** Block, unblock, revoke or delete an existing key: Admin on its site and its permission within the caller's cap. */
export function canManageKey(me: AuthInfo | undefined, key: { site_id: string | null; permission: Level }): boolean {
  if (!me || !atLeast(key.site_id === null ? globalLevel(me) : levelOnSite(me, key.site_id), 'Admin')) return false
  if (key.site_id === null && !isUnscoped(me)) return false
  return atLeast(keyCreationCap(me, key.site_id), key.permission)
}

/** What may be done to one member (members/service.ts): never change or remove the Owner; transfer to anyone else. */
export function memberActions(
  me: AuthInfo | undefined,
  siteId: string,
  member: { role: SiteRole },
): { changeRole: boolean; remove: boolean; makeOwner: boolean } {
  const manage = can(me, 'members.manage', siteId)
  const isOwner = member.role === 'Owner'
  return { changeRole: manage && !isOwner, remove: manage && !isOwner, makeOwner: can(me, 'members.transfer', siteId) && !isOwner }
}

/** The caller's level on a site, none before /auth/me answered. */
export const siteLevel = (me: AuthInfo | undefined, siteId: string): Level | null => (me ? levelOnSite(me, siteId) : null)

/** The caller has at least `role` on the site (an API key: the level of that role; a system admin: every role). */
export function hasSiteRole(me: AuthInfo | undefined, siteId: string, role: SiteRole): boolean {
  if (!me) return false
  if (isKey(me) || me.is_system_admin) return atLeast(levelOnSite(me, siteId), ROLE_LEVEL[role])
  const member = roleOn(me, siteId)
  return member !== undefined && ROLE_RANK[member] >= ROLE_RANK[role]
}

/** Upload, edit and delete media, write posts: Author. */
export const canAuthor = (me: AuthInfo | undefined, siteId: string): boolean => hasSiteRole(me, siteId, 'Author')
