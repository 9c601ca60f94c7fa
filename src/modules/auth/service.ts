import { globalLevel } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'
import { unauthenticated } from '../../http/errors.js'
import type { AuthInfo } from './schemas.js'

/** Who is calling: permission and scope for API keys; identity, memberships and admin flag for JWT users (401 otherwise). */
export function me(ctx: Ctx): AuthInfo {
  const p = ctx.principal
  switch (p.kind) {
    case 'user':
      return {
        permission: globalLevel(p),
        site_id: null,
        auth_method: 'jwt',
        idp_user_id: p.idpUserId,
        memberships: [...p.memberships].map(([site_id, role]) => ({ site_id, role })),
        is_system_admin: p.isSystemAdmin,
      }
    case 'api_key':
      return { permission: p.permission, site_id: p.siteId, auth_method: 'api_key', idp_user_id: null, memberships: null, is_system_admin: null }
    case 'anonymous':
    case 'system':
      // The route needs an authenticated caller; the service itself has no HTTP identity to report.
      return unauthenticated()
  }
}
