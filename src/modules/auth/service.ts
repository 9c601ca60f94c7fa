import { globalLevel } from '../../core/access.js'
import type { Ctx } from '../../core/context.js'

/** Who is calling: permission and scope for API keys; identity, memberships and admin flag for JWT users. */
export function me(ctx: Ctx) {
  const p = ctx.principal
  if (p.kind === 'user') {
    return {
      permission: globalLevel(p),
      site_id: null,
      auth_method: 'jwt',
      idp_user_id: p.idpUserId,
      memberships: [...p.memberships].map(([site_id, role]) => ({ site_id, role })),
      is_system_admin: p.isSystemAdmin,
    }
  }
  return {
    permission: p.kind === 'api_key' ? p.permission : null,
    site_id: p.kind === 'api_key' ? p.siteId : null,
    auth_method: p.kind,
    idp_user_id: null,
    memberships: null,
    is_system_admin: null,
  }
}
