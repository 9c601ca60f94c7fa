import { Type, type Static } from 'typebox'
import { PERMISSIONS } from '../../db/schema/api-keys.js'
import { SITE_ROLES } from '../../db/schema/members.js'
import { Nullable, NullableTimestamp, Timestamp, Uuid } from '../../http/schemas.js'

/** idp_user_id, memberships and is_system_admin are null for API-key callers. */
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

const Membership = Type.Object({ site_id: Uuid, site_name: Type.String(), site_slug: Type.String(), role: Type.Enum(SITE_ROLES) })

/** The key behind an API-key caller (no secret: the plaintext is never stored). */
const ProfileKey = Type.Object({
  id: Uuid,
  key_prefix: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  permission: Type.Enum(PERMISSIONS),
  site_id: Nullable(Uuid),
  status: Type.String(),
  rate_limit_per_minute: Type.Integer(),
  expires_at: NullableTimestamp,
  last_used_at: NullableTimestamp,
  created_at: Timestamp,
})

/**
 * `/auth/profile`: for JWT users the directory data (email, name, avatar URL, first and latest sign-in) and the
 * memberships; for API-key callers the key record. Fields of the other kind are null.
 */
export const Profile = Type.Object(
  {
    auth_method: Type.Union([Type.Literal('api_key'), Type.Literal('jwt')]),
    user_id: Nullable(Uuid),
    idp_user_id: Nullable(Type.String()),
    email: Nullable(Type.String()),
    name: Nullable(Type.String()),
    avatar_url: Nullable(Type.String()),
    is_system_admin: Nullable(Type.Boolean()),
    created_at: NullableTimestamp,
    last_sign_in_at: NullableTimestamp,
    memberships: Nullable(Type.Array(Membership)),
    api_key: Nullable(ProfileKey),
  },
  { $id: 'Profile' },
)
export type Profile = Static<typeof Profile>

export const AccountExport = Type.Object(
  {
    exported_at: Timestamp,
    profile: Profile,
    memberships: Type.Array(Type.Unknown()),
    api_keys: Type.Array(Type.Unknown()),
    audit_logs: Type.Array(Type.Unknown()),
    change_history: Type.Array(Type.Unknown()),
    api_key_usage: Type.Array(Type.Unknown()),
  },
  { $id: 'AccountExport', description: 'Everything tied to the caller, streamed as one JSON document' },
)
