import type { Schemas } from '@atrium-cms/client'

/*
 * What the caller may do on one site, to offer only the actions its role allows (the server decides; this hides what
 * would fail). Mirrors the server's core/levels.ts: for API keys the role names of the spec's Permission column mean
 * levels (Author and Editor need Write); for JWT users the membership role is compared in the spec's order
 * Viewer < Author < Editor < Reviewer < Admin < Owner, and system admins may do everything.
 */

type AuthInfo = Schemas['AuthInfo']
const ROLE_RANK = { Viewer: 1, Author: 2, Editor: 3, Reviewer: 4, Admin: 5, Owner: 6 } as const
const LEVEL_RANK = { Read: 1, Write: 2, Admin: 3, Master: 4 } as const

export interface SiteAccess {
  /** Create and edit (minimum role Author). */
  canWrite: boolean
  /** Deletes the spec gives to Editor (redirects, social links). */
  canEditorDelete: boolean
}

export function siteAccessOf(me: AuthInfo | undefined, siteId: string): SiteAccess {
  if (!me) return { canWrite: false, canEditorDelete: false }
  if (me.auth_method === 'api_key') {
    const level = me.site_id === null || me.site_id === siteId ? me.permission : null
    const write = level !== null && LEVEL_RANK[level] >= LEVEL_RANK.Write
    return { canWrite: write, canEditorDelete: write }
  }
  const role = me.memberships?.find((m) => m.site_id === siteId)?.role
  const rank = me.is_system_admin ? ROLE_RANK.Owner : role ? ROLE_RANK[role] : 0
  return { canWrite: rank >= ROLE_RANK.Author, canEditorDelete: rank >= ROLE_RANK.Editor }
}
