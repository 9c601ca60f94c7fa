import { Type, type Static } from 'typebox'
import { SITE_ROLES } from '../../db/schema/members.js'
import { Body, Nullable, Uuid } from '../../http/schemas.js'
import { wireRecord } from '../../http/records.js'

/** A JWT user's membership of a site, with their directory name and email. */
export const Member = wireRecord('Member', {
  site_id: Uuid,
  user_id: Uuid,
  idp_user_id: Type.String(),
  role: Type.Enum(SITE_ROLES),
  email: Nullable(Type.String()),
  name: Nullable(Type.String()),
})
export type Member = Static<typeof Member>

/** Roles that can be given directly; Owner only moves through transfer-ownership. */
export const ASSIGNABLE_ROLES = SITE_ROLES.filter((r) => r !== 'Owner')
const AssignableRole = Type.Enum(ASSIGNABLE_ROLES, { description: 'Not Owner: ownership moves only through transfer-ownership' })

export const AddMemberBody = Body(
  {
    user_id: Type.Optional(Type.String({ format: 'uuid', description: 'The user id (UUID v5 of the identity-provider id) of a user who has signed in' })),
    idp_user_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'The identity-provider user id (`sub`); the user need not have signed in yet' }),
    ),
    role: AssignableRole,
  },
  'Names the user by user_id or idp_user_id (one is required; both must agree).',
)
export type AddMemberBody = Static<typeof AddMemberBody>

export const UpdateMemberBody = Body({ role: AssignableRole })
export type UpdateMemberBody = Static<typeof UpdateMemberBody>

export const TransferOwnershipBody = Body({ user_id: Uuid })
export type TransferOwnershipBody = Static<typeof TransferOwnershipBody>

export const MemberParams = Type.Object({ site_id: Uuid, id: Uuid })
export type MemberParams = Static<typeof MemberParams>
