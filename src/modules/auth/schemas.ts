import { Type, type Static } from 'typebox'
import { PERMISSIONS } from '../../db/schema/api-keys.js'
import { SITE_ROLES } from '../../db/schema/members.js'
import { Nullable, Uuid } from '../../http/schemas.js'

/** Spec "Auth info": idp_user_id, memberships and is_system_admin are null for API-key callers. */
export const AuthInfo = Type.Object(
  {
    permission: Type.Union([Type.Enum(PERMISSIONS), Type.Null()], {
      description: "An API key's permission; for a JWT user the highest level their roles give (null without any membership)",
    }),
    site_id: Type.Union([Uuid, Type.Null()], { description: 'The site an API key is scoped to; null for unscoped keys and for JWT users' }),
    auth_method: Type.Union([Type.Literal('api_key'), Type.Literal('jwt')]),
    idp_user_id: Nullable(Type.String()),
    memberships: Nullable(Type.Array(Type.Object({ site_id: Uuid, role: Type.Enum(SITE_ROLES) }))),
    is_system_admin: Nullable(Type.Boolean()),
  },
  { $id: 'AuthInfo' },
)
export type AuthInfo = Static<typeof AuthInfo>
