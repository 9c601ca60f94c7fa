import type { Permission } from '../db/schema/api-keys.js'
import { SITE_ROLES } from '../db/schema/members.js'

export { SITE_ROLES }
export type Level = Permission
export type SiteRole = (typeof SITE_ROLES)[number]
/** What an endpoint table's Permission column says: a permission level or a minimum site role. */
export type Requirement = Level | SiteRole

export interface ApiKeyPrincipal {
  kind: 'api_key'
  keyId: string
  permission: Level
  /** null: not site-scoped (only Master and Admin keys). */
  siteId: string | null
  rateLimitPerMinute: number
  actorId: string
}

export interface UserPrincipal {
  kind: 'user'
  userId: string
  idpUserId: string
  isSystemAdmin: boolean
  memberships: ReadonlyMap<string, SiteRole>
  rateLimitPerMinute: number
  actorId: string
}

export interface AnonymousPrincipal {
  kind: 'anonymous'
  actorId: 'anonymous'
}

/** Work done by the service itself (scheduler, CLI, bootstrap). */
export interface SystemPrincipal {
  kind: 'system'
  actorId: 'system'
}

export type Principal = ApiKeyPrincipal | UserPrincipal | AnonymousPrincipal | SystemPrincipal

export const anonymous: AnonymousPrincipal = { kind: 'anonymous', actorId: 'anonymous' }
export const system: SystemPrincipal = { kind: 'system', actorId: 'system' }
