import { Type, type Static } from 'typebox'
import { DIRECTORY_ROLES } from '../../db/schema/idp-users.js'
import { LimitOffsetQuerySchema } from '../../http/pagination.js'
import { Body, Nullable, NullableTimestamp, Uuid } from '../../http/schemas.js'

/** A user of the identity provider as Atrium knows them (README "Identity-provider users (JWT)"). */
export const IdpUser = Type.Object(
  {
    id: Uuid,
    idp_user_id: Type.String(),
    email: Nullable(Type.String()),
    name: Nullable(Type.String()),
    avatar_url: Nullable(Type.String()),
    is_system_admin: Type.Boolean(),
    created_at: NullableTimestamp,
    last_sign_in_at: NullableTimestamp,
  },
  { $id: 'IdpUser' },
)
export type IdpUser = Static<typeof IdpUser>

export const IdpUserQuery = LimitOffsetQuerySchema(20, 100)
export type IdpUserQuery = Static<typeof IdpUserQuery>

export const UpdateRoleBody = Body({
  role: Type.Enum(DIRECTORY_ROLES, { description: 'SystemAdmin: Master on every site; User: rights from memberships only' }),
})
export type UpdateRoleBody = Static<typeof UpdateRoleBody>
