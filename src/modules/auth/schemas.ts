import { Type } from 'typebox'
import { Nullable, Uuid } from '../../http/schemas.js'

export const AuthInfo = Type.Object({
  permission: Nullable(Type.String()),
  site_id: Nullable(Uuid),
  auth_method: Type.String(),
  idp_user_id: Nullable(Type.String()),
  memberships: Nullable(Type.Array(Type.Object({ site_id: Uuid, role: Type.String() }))),
  is_system_admin: Nullable(Type.Boolean()),
})
